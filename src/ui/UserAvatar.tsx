/** The user's photo, or their initial on the brand colour when there is none (or it fails to load). */
import { useState } from 'react';

export interface UserAvatarProps {
  src: string | null | undefined;
  name: string;
  size?: number;
}

export function UserAvatar({ src, name, size = 64 }: UserAvatarProps) {
  const [broken, setBroken] = useState<string | null>(null);
  const initial = [...name.trim()][0]?.toUpperCase() ?? '?';
  const style = { width: size, height: size };
  if (src && broken !== src) {
    return <img src={src} alt="" style={style} className="shrink-0 rounded-full bg-sea-100 object-cover" onError={() => setBroken(src)} />;
  }
  return (
    <span
      aria-hidden="true"
      style={{ ...style, fontSize: size * 0.42 }}
      className="flex shrink-0 items-center justify-center rounded-full bg-sea-100 font-semibold text-sea-800"
    >
      {initial}
    </span>
  );
}
