/**
 * Change the profile photo: pick an image, it uploads at once, the photo dimmed and how far the
 * upload is shown under it (a bar and the megabytes sent). Size is checked here to save a useless upload; the type is checked by the server from
 * the content (a renamed file is refused), and its refusal text shows under the photo.
 */
import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { uploadAvatar } from './api/calls';
import { isApiError } from '../../api/client';
import { CameraIcon } from '../../ui/moreIcons';
import { AVATAR_MAX_BYTES } from '../../domain/constants';
import type { UserInfo } from '../../domain/wire';
import { errorMessage } from '../../i18n';
import { saveUserInfo } from '../../storage/session';
import { toast } from '../../ui/feedback/toast';
import { UploadProgressBar, useUploadProgress } from '../../ui/UploadProgress';
import { UserAvatar } from '../../ui/UserAvatar';
import { useAccountMutation } from '../shared/useAccountMutation';

export function AvatarUpload({ user }: { user: UserInfo }) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const progress = useUploadProgress();
  const [error, setError] = useState<string | null>(null);
  const sending = useAccountMutation({
    call: (file: File) => uploadAvatar(file, { onUploadProgress: progress.report }),
    async onSuccess({ avatar }) {
      await saveUserInfo({ ...user, avatar });
      toast.success(t`Photo updated`);
    },
    // The refusal (a type the server does not take, a broken file) shows under the photo.
    onError: (failure) => setError(isApiError(failure) ? failure.message : errorMessage('upload.failed')),
  });
  const uploading = sending.pending;

  function upload(file: File) {
    setError(null);
    if (input.current) input.current.value = '';
    if (file.size > AVATAR_MAX_BYTES) {
      setError(errorMessage('upload.tooLarge'));
      return;
    }
    progress.reset();
    sending.run(file);
  }

  return (
    <div className="flex flex-col items-center">
      <button
        type="button"
        onClick={() => input.current?.click()}
        disabled={uploading}
        aria-label={t`Change photo`}
        className="relative rounded-full focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-sea-700"
      >
        <UserAvatar src={user.avatar} name={user.nickname || user.username} size={88} />
        <span className="absolute end-0 bottom-0 flex size-8 items-center justify-center rounded-full border-2 border-surface bg-sea-700 text-white">
          <CameraIcon size={16} />
        </span>
        {uploading ? (
          <span className="absolute inset-0 rounded-full bg-black/40" role="status" aria-label={t`Uploading`} />
        ) : null}
      </button>
      {uploading ? (
        <span className="mt-2 w-40 text-center text-muted">
          <UploadProgressBar progress={progress.progress} />
        </span>
      ) : (
        <span className="mt-2 text-sm font-medium text-sea-700">{t`Change photo`}</span>
      )}
      {error ? (
        <p role="alert" className="mt-1 max-w-xs text-center text-xs text-rose-700">
          {error}
        </p>
      ) : null}
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="hidden"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) upload(file);
        }}
      />
    </div>
  );
}
