/**
 * Tessera's brand illustration: a mosaic of tiles (a tessera is one tile of a mosaic) in the
 * brand's teals with one mint tile. Drawn inline, so the auth pages need no image request.
 */
const TILES: Array<[x: number, y: number, shade: string]> = [
  [0, 1, '#1b7772'], [1, 0, '#2b938b'], [1, 1, '#f4faf9'], [2, 0, '#5eead4'], [2, 1, '#f4faf9'],
  [3, 1, '#2b938b'], [1, 2, '#f4faf9'], [2, 2, '#f4faf9'], [0, 2, '#2b938b'], [3, 2, '#1b7772'],
  [3, 0, '#1b7772'], [0, 3, '#1b7772'], [1, 3, '#2b938b'], [2, 3, '#1b7772'], [4, 1, '#1b7772'],
  [4, 2, '#2b938b'], [4, 3, '#1b7772'], [3, 3, '#2b938b'],
];

export function BrandArt({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 250 200" className={className} aria-hidden="true" focusable="false">
      {TILES.map(([x, y, shade]) => (
        <rect key={`${x}-${y}`} x={10 + x * 47} y={6 + y * 47} width={39} height={39} rx={9} fill={shade} opacity={shade === '#f4faf9' ? 0.96 : 0.9} />
      ))}
    </svg>
  );
}
