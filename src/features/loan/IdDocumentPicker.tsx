/**
 * One side of the ID on the loan application: chosen from the camera or gallery, checked (JPG,
 * PNG or HEIC, at most 2 MB), then sent at once with its progress shown. The form keeps only the
 * server's id of the image, set once it has arrived (null while none has).
 */
import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { uploadLoanDocument } from './api/calls';
import { acceptOf, imageProblem } from '../../domain/images';
import { LOAN_DOCUMENT_MAX_BYTES, LOAN_DOCUMENT_TYPES } from '../../domain/loan';
import { errorMessage } from '../../i18n';
import { ImagePicker, useImageRules } from '../../ui/form/ImagePicker';
import { isOnline } from '../shared/money/online';
import { UploadProgressBar, useUploadProgress } from '../../ui/UploadProgress';

export type IdSide = 'front' | 'back';

interface IdDocumentPickerProps {
  side: IdSide;
  /** The server's id of the uploaded image, or null. */
  uploaded: number | null;
  onUploaded(id: number | null): void;
  /** Puts a problem of the chosen file under the picker (or clears it with undefined). */
  onProblem(message: string | undefined): void;
  error?: string;
  disabled?: boolean;
}

export function IdDocumentPicker({ side, uploaded, onUploaded, onProblem, error, disabled }: IdDocumentPickerProps) {
  const { t } = useLingui();
  const [file, setFile] = useState<File | null>(null);
  const latest = useRef<File | null>(null);
  const progress = useUploadProgress();
  const { kinds, megabytes } = useImageRules(LOAN_DOCUMENT_TYPES, LOAN_DOCUMENT_MAX_BYTES);
  const upload = useMutation({
    mutationFn: (chosen: File) => {
      progress.reset();
      return uploadLoanDocument(chosen, { quiet: true, onUploadProgress: progress.report });
    },
    networkMode: 'always',
  });

  function choose(chosen: File | null) {
    latest.current = chosen;
    onProblem(undefined);
    onUploaded(null);
    setFile(null);
    if (!chosen) return;
    const problem = imageProblem(chosen, LOAN_DOCUMENT_TYPES, LOAN_DOCUMENT_MAX_BYTES) ?? (isOnline() ? null : 'network.error');
    if (problem) return onProblem(errorMessage(problem));
    setFile(chosen);
    // Only the last choice counts: an earlier upload that answers later is ignored.
    upload.mutate(chosen, {
      onSuccess: ({ id }, sent) => {
        if (latest.current === sent) onUploaded(id);
      },
      onError: (failure, sent) => {
        if (latest.current !== sent) return;
        setFile(null);
        onProblem(failure instanceof Error ? failure.message : errorMessage('upload.failed'));
      },
    });
  }

  return (
    <ImagePicker
      label={side === 'front' ? t`Front of the ID` : t`Back of the ID`}
      hint={t`A clear photo. ${kinds}, at most ${megabytes} MB.`}
      inputLabel={side === 'front' ? t`Front of the ID image` : t`Back of the ID image`}
      previewAlt={side === 'front' ? t`Chosen front of the ID` : t`Chosen back of the ID`}
      accept={acceptOf(LOAN_DOCUMENT_TYPES)}
      file={file}
      onChange={choose}
      error={error}
      status={
        file && upload.isPending ? (
          <span className="flex flex-col gap-1 text-muted" role="status" aria-label={t`Uploading…`}>
            {t`Uploading…`}
            <UploadProgressBar progress={progress.progress} />
          </span>
        ) : file && uploaded ? (
          t`Uploaded. Tap to choose another image.`
        ) : undefined
      }
      disabled={disabled}
    />
  );
}
