/**
 * Avatars: the image type is decided by the bytes (file-type), never by the file name or the
 * declared content type; JPG, PNG, HEIC and WebP up to 2 MB (SPEC §5, §9). Files are stored under
 * a random name on local disk (DATA_DIR/uploads/avatars), the default of the storage interface.
 */
import { fileTypeFromBuffer } from 'file-type';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AVATAR_MAX_BYTES } from '../../../src/domain/constants';
import { AppError } from '../../../src/domain/errors';
import { randomName } from '../../security/tokens';

const ACCEPTED: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/heic': 'heic',
  'image/heif': 'heic',
  'image/webp': 'webp',
};

export class AvatarStore {
  constructor(readonly dir: string) {}

  /** Checks the image and writes it; returns the stored file name. */
  async save(bytes: Buffer): Promise<string> {
    if (bytes.length === 0) throw new AppError('upload.required', 400);
    if (bytes.length > AVATAR_MAX_BYTES) throw new AppError('upload.tooLarge', 413);
    const type = await fileTypeFromBuffer(bytes);
    const extension = type && ACCEPTED[type.mime];
    if (!extension) throw new AppError('upload.wrongType', 415);
    const name = `${randomName()}.${extension}`;
    await fs.mkdir(this.dir, { recursive: true });
    await fs.writeFile(path.join(this.dir, name), bytes, { flag: 'wx' });
    return name;
  }

  async remove(name: string): Promise<void> {
    // Only names we generated: never a path from elsewhere.
    if (!/^[0-9a-f]{32}\.(jpg|png|heic|webp)$/.test(name)) return;
    await fs.rm(path.join(this.dir, name), { force: true });
  }
}
