/**
 * A QR code for an app to scan (a deposit address for a wallet, an operator's new TOTP secret for
 * an authenticator), drawn as SVG (crisp at any size, no canvas). The encoding is uqr's; the
 * drawing is one path of unit squares.
 */
import { useMemo } from 'react';
import { encode } from 'uqr';

export function QrCode({ value, label, size = 176 }: { value: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => {
    const { data, size: count } = encode(value, { ecc: 'M', border: 2 });
    let d = '';
    data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { path: d, modules: count };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${modules} ${modules}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className="rounded-xl bg-white"
      data-qr={value}
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#112322" />
    </svg>
  );
}
