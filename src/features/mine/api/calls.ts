/** The profile's own calls: the photo and the nickname (docs/api.md). */
import type { z } from 'zod';
import { send } from '../../../api/calls';
import { upload, type RequestOptions } from '../../../api/client';
import type { nicknameEditSchema } from '../../../domain/validation';

export interface AvatarReply {
  avatar: string;
}

/** One image (JPG, PNG, HEIC or WebP, at most 2 MB — the server checks the content, not the name). */
export function uploadAvatar(file: Blob, options?: RequestOptions): Promise<AvatarReply> {
  const form = new FormData();
  form.append('file', file);
  return upload<AvatarReply>('/user/uploadHeadPortrait', form, options);
}
export const editNickname = send<z.input<typeof nicknameEditSchema>, null>('POST', '/user/editNickname');
