/**
 * An image the operator must read (a deposit's proof, an identity document), fetched with the
 * session and shown from a blob: URL — never a URL a browser cache or another tab could reuse.
 * Zoom, rotate, open full size (the same blob in a new tab, gone when this page lets it go).
 */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { opsImage } from '../api/client';
import { Button, Notice, Spinner } from './kit';

/** The image of `path` for the record `id`, or — when the call names it otherwise — for `query` (a loan's `{ id, side }`). */
export function ImageViewer({ path, id, query, alt }: { path: string; id?: number; query?: Record<string, string | number>; alt: string }) {
  const { t } = useLingui();
  const params = query ?? { id: id ?? 0 };
  const image = useQuery({ queryKey: ['ops', 'image', path, params], queryFn: () => opsImage(path, params), staleTime: Infinity, gcTime: 0 });
  const url = image.data;
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const [zoom, setZoom] = useState(1);
  const [turns, setTurns] = useState(0);
  if (image.isPending) return <Spinner label={t`Loading the image…`} />;
  if (image.isError || !url) return <Notice>{image.error?.message ?? t`The image could not be loaded.`}</Notice>;
  return (
    <figure className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2" role="toolbar" aria-label={t`Image tools`}>
        <Button onClick={() => setZoom((value) => Math.min(4, value + 0.5))}>{t`Zoom in`}</Button>
        <Button onClick={() => setZoom((value) => Math.max(0.5, value - 0.5))} disabled={zoom <= 0.5}>
          {t`Zoom out`}
        </Button>
        <Button onClick={() => setTurns((value) => (value + 1) % 4)}>{t`Rotate`}</Button>
        <Button onClick={() => window.open(url, '_blank', 'noopener')}>{t`Open full size`}</Button>
        <span className="self-center text-xs text-slate-600">{Math.round(zoom * 100)} %</span>
      </div>
      {/* Scrolled with the keyboard too when zoomed past its frame. */}
      <div tabIndex={0} role="group" aria-label={alt} className="max-h-[32rem] overflow-auto rounded-md bg-slate-100 ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-teal-700">
        <img
          src={url}
          alt={alt}
          className="mx-auto block origin-center transition-transform"
          style={{ transform: `scale(${zoom}) rotate(${turns * 90}deg)`, transformOrigin: zoom > 1 ? 'top left' : 'center' }}
        />
      </div>
    </figure>
  );
}
