/**
 * The app's line icons, drawn inline (24×24, 1.75 stroke, currentColor) so they need no font or
 * request and follow the text colour. Icons that point somewhere (arrows, chevrons) take the
 * `directional` class, which mirrors them in right-to-left languages (src/styles.css).
 *
 * This file holds the icons of the first screen (tab bar, home, support, toasts), which are part of
 * the first chunk; every other screen's icons are in ./moreIcons.tsx, loaded with those screens.
 */
import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

export function make(name: string, body: React.ReactNode, directional = false) {
  const Icon = ({ size = 24, className, ...rest }: IconProps) => (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={[directional ? 'directional' : '', className ?? ''].join(' ').trim() || undefined}
      {...rest}
    >
      {body}
    </svg>
  );
  Icon.displayName = `${name}Icon`;
  return Icon;
}

export const HomeIcon = make('Home', <><path d="M3 10.5 12 3l9 7.5" /><path d="M5 9.5V20a1 1 0 0 0 1 1h4v-6h4v6h4a1 1 0 0 0 1-1V9.5" /></>);
/** Two candlesticks: the trading hall (the arrows are Convert's). */
export const TradeIcon = make('Trade', <><path d="M7 3v4M7 17v4" /><rect x="4.5" y="7" width="5" height="10" rx="1" /><path d="M17 3v6M17 15v6" /><rect x="14.5" y="9" width="5" height="6" rx="1" /></>);
export const OrdersIcon = make('Orders', <><path d="M6 3h12a1 1 0 0 1 1 1v17l-3.5-2-3.5 2-3.5-2L5 21V4a1 1 0 0 1 1-1Z" /><path d="M9 8h6M9 12h6M9 16h3" /></>);
export const UserIcon = make('User', <><circle cx="12" cy="8" r="4" /><path d="M4 21a8 8 0 0 1 16 0" /></>);
export const HeadsetIcon = make('Headset', <><path d="M4 14v-2a8 8 0 0 1 16 0v2" /><rect x="3" y="13" width="4" height="7" rx="1.5" /><rect x="17" y="13" width="4" height="7" rx="1.5" /><path d="M19 20a3 3 0 0 1-3 3h-3" /></>);
export const DepositIcon = make('Deposit', <><path d="M12 3v12" /><path d="m7 10 5 5 5-5" /><path d="M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" /></>);
export const WithdrawIcon = make('Withdraw', <><path d="M12 15V3" /><path d="m7 8 5-5 5 5" /><path d="M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" /></>);
export const ConvertIcon = make('Convert', <><path d="M4 8h13" /><path d="m14 4 4 4-4 4" /><path d="M20 16H7" /><path d="m10 12-4 4 4 4" /></>, true);
export const LockIcon = make('Lock', <><rect x="4" y="10" width="16" height="11" rx="2" /><path d="M8 10V7a4 4 0 0 1 8 0v3" /><path d="M12 14.5v2" /></>);
export const BankIcon = make('Bank', <><path d="M3 9 12 4l9 5" /><path d="M4 9h16" /><path d="M6 9v8M10 9v8M14 9v8M18 9v8" /><path d="M3 20h18" /></>);
export const CrownIcon = make('Crown', <><path d="m3 7 4.5 4L12 5l4.5 6L21 7l-2 11H5L3 7Z" /><path d="M5 21h14" /></>);
export const BookIcon = make('Book', <><path d="M4 4.5A1.5 1.5 0 0 1 5.5 3H20v15H5.5A1.5 1.5 0 0 0 4 19.5v-15Z" /><path d="M4 19.5A1.5 1.5 0 0 0 5.5 21H20" /><path d="M8 7h8" /></>);
export const MegaphoneIcon = make('Megaphone', <><path d="M3 10v4a1 1 0 0 0 1 1h3l9 5V4L7 9H4a1 1 0 0 0-1 1Z" /><path d="M19.5 9a4 4 0 0 1 0 6" /></>, true);
export const GlobeIcon = make('Globe', <><circle cx="12" cy="12" r="9" /><path d="M3 12h18" /><path d="M12 3a14 14 0 0 1 0 18a14 14 0 0 1 0-18Z" /></>);
export const InfoIcon = make('Info', <><circle cx="12" cy="12" r="9" /><path d="M12 11v5" /><path d="M12 8h.01" /></>);
export const CheckIcon = make('Check', <path d="m5 12 5 5 9-10" />);
export const ChevronEndIcon = make('ChevronEnd', <path d="m9 6 6 6-6 6" />, true);
export const ListIcon = make('List', <><path d="M8 6h13M8 12h13M8 18h13" /><path d="M3.5 6h.01M3.5 12h.01M3.5 18h.01" /></>);
export const StoreIcon = make('Store', <><path d="M4 10v10h16V10" /><path d="M3 10 5 4h14l2 6a3 3 0 0 1-6 0 3 3 0 0 1-6 0 3 3 0 0 1-6 0Z" /><path d="M10 20v-5h4v5" /></>);

/**
 * Tessera's mark (the app icon's tile and mosaic), drawn inline like the shell's in index.html: an
 * <img> of an SVG file makes the browser build a whole SVG document for it on the main thread.
 */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#0f5f5c" />
      <rect x="14" y="14" width="16.2" height="16.2" rx="3.6" fill="#f4faf9" />
      <rect x="33.8" y="14" width="16.2" height="16.2" rx="3.6" fill="#5eead4" />
      <rect x="14" y="33.8" width="16.2" height="16.2" rx="3.6" fill="#f4faf9" />
      <rect x="33.8" y="33.8" width="16.2" height="16.2" rx="3.6" fill="#f4faf9" />
    </svg>
  );
}
export const EyeIcon = make('Eye', <><path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" /><circle cx="12" cy="12" r="3" /></>);
export const EyeOffIcon = make('EyeOff', <><path d="M10.6 5.1A10.4 10.4 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-2.2 3.2" /><path d="M6.6 6.6C3.6 8.4 2 12 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6" /><path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" /><path d="m3 3 18 18" /></>);

/** The mark of an asset beside its amount: a coloured disc with its sign (own drawing). */
export function AssetMark({ asset, size = 18 }: { asset: 'USDT' | 'EUR'; size?: number }) {
  const { fill, sign } = asset === 'USDT' ? { fill: '#26A17B', sign: '₮' } : { fill: '#2D5BD7', sign: '€' };
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" className="shrink-0">
      <circle cx="12" cy="12" r="12" fill={fill} />
      <text x="12" y="16.5" textAnchor="middle" fontSize="13" fontWeight="700" fill="#fff">
        {sign}
      </text>
    </svg>
  );
}
export const CloseIcon = make('Close', <><path d="M6 6l12 12" /><path d="M18 6 6 18" /></>);
