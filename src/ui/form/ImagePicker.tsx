/**
 * Chooses an image (a payment proof, a side of an ID): a large target that opens the camera or
 * gallery, then a thumbnail of the chosen image with its name and a way to remove it. A file
 * that breaks the rules is not kept; its problem shows under the picker. `status` says what
 * became of it (uploading, uploaded) where it is sent on its own.
 */
import { useLingui } from '@lingui/react/macro';
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { IMAGE_KIND_NAMES, type ImageKind } from '../../domain/images';
import { localeAtom } from '../../i18n';
import { CameraIcon } from '../moreIcons';

export interface ImagePickerProps {
  /** The heading above the picker ("Payment proof", "Front of the ID"). */
  label: string;
  /** What to choose and the rules, while nothing is chosen. */
  hint: ReactNode;
  /** The file input's accessible name. */
  inputLabel: string;
  /** The thumbnail's alternative text. */
  previewAlt: string;
  /** The file input's accept list; any image by default. */
  accept?: string;
  file: File | null;
  onChange(file: File | null): void;
  error?: string | null;
  status?: ReactNode;
  disabled?: boolean;
}

export function ImagePicker({ label, hint, inputLabel, previewAlt, accept = 'image/*', file, onChange, error, status, disabled }: ImagePickerProps) {
  const { t } = useLingui();
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div>
      <p className="mb-1.5 text-sm font-medium text-ink">{label}</p>
      <label
        htmlFor={id}
        className={[
          'flex min-h-24 cursor-pointer items-center gap-4 rounded-xl border border-dashed bg-surface p-3 transition-colors',
          'focus-within:border-sea-600 focus-within:ring-2 focus-within:ring-sea-600/15',
          error ? 'border-rose-500' : 'border-line',
        ].join(' ')}
      >
        {file && canPreview() ? (
          <Preview file={file} alt={previewAlt} />
        ) : (
          <span className="flex size-20 shrink-0 items-center justify-center rounded-lg bg-sea-50 text-sea-700">
            <CameraIcon size={28} />
          </span>
        )}
        <span className="min-w-0 flex-1 text-sm">
          {file ? (
            <>
              <span className="block truncate font-medium text-ink" dir="auto">
                {file.name}
              </span>
              <span className="mt-0.5 block text-sea-700">{status ?? t`Choose another image`}</span>
            </>
          ) : (
            <>
              <span className="block font-medium text-ink">{t`Choose an image`}</span>
              <span className="mt-0.5 block text-muted">{hint}</span>
            </>
          )}
        </span>
        <input
          id={id}
          type="file"
          accept={accept}
          disabled={disabled}
          aria-label={inputLabel}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? noteId : undefined}
          className="sr-only"
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            onChange(chosen);
            // The same file can be chosen again after a refusal.
            event.target.value = '';
          }}
        />
      </label>
      {file && !disabled ? (
        <button type="button" onClick={() => onChange(null)} className="mt-1.5 text-xs font-medium text-rose-700">
          {t`Remove image`}
        </button>
      ) : null}
      {error ? (
        <p id={noteId} role="alert" className="mt-1.5 text-xs leading-snug text-rose-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The chosen image, from an object URL made for this <img> and released when it goes (or the
 * file changes): the URL lives with the element, not in state.
 */
function Preview({ file, alt }: { file: File; alt: string }) {
  const image = useRef<HTMLImageElement>(null);
  // Before the first paint, so the image never shows without its picture.
  useLayoutEffect(() => {
    const url = URL.createObjectURL(file);
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return <img ref={image} alt={alt} className="size-20 shrink-0 rounded-lg object-cover" />;
}

const canPreview = () => typeof URL.createObjectURL === 'function';

/** The rules of a picker's hint from the domain's: "JPG, PNG or HEIC" in the reader's language, and the megabytes allowed. */
export function useImageRules(kinds: readonly ImageKind[], maxBytes: number): { kinds: string; megabytes: number } {
  const locale = useAtomValue(localeAtom);
  return {
    kinds: new Intl.ListFormat(locale, { type: 'disjunction' }).format(kinds.map((kind) => IMAGE_KIND_NAMES[kind])),
    megabytes: maxBytes / (1024 * 1024),
  };
}
