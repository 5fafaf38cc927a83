/**
 * The images a person uploads (payment proofs, sides of an ID), as a form checks them before
 * sending: by kind and size, so that a useless upload is spared. The server decides the kind by
 * the bytes (server/storage/image-store.ts) and checks again.
 */
import { z } from 'zod';
import type { ErrorKey } from './errors';

export const IMAGE_KINDS = ['jpg', 'png', 'heic', 'webp'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/** The media types and file-name endings of each kind (some browsers give HEIC files no type at all: the name decides then). */
const MEDIA_TYPES: Record<ImageKind, readonly string[]> = {
  jpg: ['image/jpeg'],
  png: ['image/png'],
  heic: ['image/heic', 'image/heif'],
  webp: ['image/webp'],
};
const ENDINGS: Record<ImageKind, readonly string[]> = { jpg: ['jpg', 'jpeg'], png: ['png'], heic: ['heic', 'heif'], webp: ['webp'] };

/** How each kind is named to people. */
export const IMAGE_KIND_NAMES: Record<ImageKind, string> = { jpg: 'JPG', png: 'PNG', heic: 'HEIC', webp: 'WebP' };

interface FileLike {
  type: string;
  name: string;
  size: number;
}

/** Why `file` cannot be sent as one of `kinds` of at most `maxBytes`, or null. */
export function imageProblem(file: FileLike, kinds: readonly ImageKind[], maxBytes: number): 'upload.wrongType' | 'upload.tooLarge' | null {
  const type = file.type.toLowerCase();
  const ending = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const typeOk = kinds.some((kind) => (type ? MEDIA_TYPES[kind].includes(type) : ENDINGS[kind].includes(ending)));
  if (!typeOk) return 'upload.wrongType';
  if (file.size > maxBytes) return 'upload.tooLarge';
  return null;
}

/** A file input's accept list for `kinds` ("image/jpeg,image/heic,.heic,…"). */
export function acceptOf(kinds: readonly ImageKind[]): string {
  return [...kinds.flatMap((kind) => MEDIA_TYPES[kind]), ...(kinds.includes('heic') ? ['.heic', '.heif'] : [])].join(',');
}

/** A form's image field: `requiredKey` while none is chosen, then the kind and the size. */
export function imageFile(kinds: readonly ImageKind[], maxBytes: number, requiredKey: ErrorKey) {
  return z.custom<File | null>().superRefine((file, ctx) => {
    const problem = file ? imageProblem(file, kinds, maxBytes) : requiredKey;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}
