/** Avatars: images up to 2 MB under <uploadsDir>/avatars, served as public files under unguessable names. */
import path from 'node:path';
import { AVATAR_MAX_BYTES } from '../../../src/domain/constants';
import { ImageStore } from '../../storage/image-store';

export function avatarStoreOf(config: { uploadsDir: string }): ImageStore {
  return new ImageStore(path.join(config.uploadsDir, 'avatars'), { maxBytes: AVATAR_MAX_BYTES, emptyKey: 'upload.required' });
}
