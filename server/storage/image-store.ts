/**
 * Uploaded images (avatars, payment proofs): the type is decided by the bytes (file-type), never
 * by the file name or the declared content type; JPG, PNG, HEIC and WebP up to a size limit in
 * bytes and, read from the header, in pixels (image-header.ts).
 * Files are stored under a random name on local disk, the default of the storage interface.
 */
import { fileTypeFromBuffer } from 'file-type';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError, type ErrorKey } from '../../src/domain/errors';
import { randomName } from '../security/tokens';
import { exceedsImageLimits, IMAGE_LIMITS, imageSizeOf } from './image-header';

/** The placeholders of upload.tooManyPixels. */
const IMAGE_LIMIT_PARAMS = { maxSide: IMAGE_LIMITS.maxSide, maxMegapixels: IMAGE_LIMITS.maxPixels / 1_000_000 };

const EXTENSION_OF_TYPE: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/heic': 'heic',
  'image/heif': 'heic',
  'image/webp': 'webp',
};

const MIME_OF_EXTENSION: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', heic: 'image/heic', webp: 'image/webp' };

/** The media types a stored image is served with. */
export const IMAGE_MEDIA_TYPES = Object.values(MIME_OF_EXTENSION);

/** Only names we generated: never a path from elsewhere. */
const STORED_NAME = /^[0-9a-f]{32}\.(jpg|png|heic|webp)$/;

/** An image that passed the checks and may be written. */
export interface CheckedImage {
  bytes: Buffer;
  extension: string;
}

export interface ImageRules {
  maxBytes: number;
  /** The refusal of an empty upload. */
  emptyKey: ErrorKey;
  /** The kinds taken (by their stored extension); every kind above when absent. */
  extensions?: readonly string[];
}

export class ImageStore {
  constructor(
    readonly dir: string,
    private readonly rules: ImageRules,
  ) {}

  /** The media types an upload may have, judged by its content (the kinds it takes). */
  get mediaTypes(): string[] {
    const { extensions } = this.rules;
    return Object.keys(EXTENSION_OF_TYPE).filter((type) => !extensions || extensions.includes(EXTENSION_OF_TYPE[type]));
  }

  /** Refuses an empty, too large or non-image upload; writes nothing. */
  async check(bytes: Buffer): Promise<CheckedImage> {
    if (bytes.length === 0) throw new AppError(this.rules.emptyKey, 400);
    if (bytes.length > this.rules.maxBytes) throw new AppError('upload.tooLarge', 413);
    const type = await fileTypeFromBuffer(bytes);
    const extension = type && EXTENSION_OF_TYPE[type.mime];
    if (!extension || (this.rules.extensions && !this.rules.extensions.includes(extension))) throw new AppError('upload.wrongType', 415);
    // The header's declared size, never a decoded pixel: a header that says no size is no image.
    const size = imageSizeOf(bytes, type.mime);
    if (!size) throw new AppError('upload.wrongType', 415);
    if (exceedsImageLimits(size)) throw new AppError('upload.tooManyPixels', 413, IMAGE_LIMIT_PARAMS);
    return { bytes, extension };
  }

  /**
   * Writes a checked image; returns its stored name. A disk without room (or over its quota)
   * refuses it with upload.storageFull (507) and keeps no part of it; nothing else is changed.
   */
  async write(image: CheckedImage): Promise<string> {
    const name = `${randomName()}.${image.extension}`;
    const file = path.join(this.dir, name);
    try {
      await fs.mkdir(this.dir, { recursive: true });
      await fs.writeFile(file, image.bytes, { flag: 'wx' });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOSPC' && code !== 'EDQUOT') throw error;
      await fs.rm(file, { force: true });
      throw new AppError('upload.storageFull', 507);
    }
    return name;
  }

  /** Checks and writes; returns the stored name. */
  async save(bytes: Buffer): Promise<string> {
    return this.write(await this.check(bytes));
  }

  /** A stored image and its type; null when it is not there. */
  async read(name: string): Promise<{ bytes: Buffer; mime: string } | null> {
    if (!STORED_NAME.test(name)) return null;
    try {
      const bytes = await fs.readFile(path.join(this.dir, name));
      return { bytes, mime: MIME_OF_EXTENSION[name.slice(name.lastIndexOf('.') + 1)] };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(name: string): Promise<void> {
    if (!STORED_NAME.test(name)) return;
    await fs.rm(path.join(this.dir, name), { force: true });
  }
}
