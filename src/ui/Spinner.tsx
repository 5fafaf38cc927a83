/**
 * The spinner of screens still loading and of busy buttons: Konsta's Material
 * preloader, written out (docs/architecture.md, "What the first screen runs"). `size` is its size classes (default 2rem), `color` its
 * colour classes (default the primary colour).
 */
export function Spinner({ size = 'w-8 h-8', color = 'text-md-light-primary dark:text-md-dark-primary' }: { size?: string; color?: string }) {
  return (
    <span className={`stroke-4 k-preloader k-material-preloader inline-block ${color} ${size}`}>
      <span className="block h-full w-full">
        <svg viewBox="0 0 36 36" className="h-full w-full" fill="none" stroke="currentcolor" aria-hidden="true">
          <circle cx="18" cy="18" r="16" />
        </svg>
      </span>
    </span>
  );
}
