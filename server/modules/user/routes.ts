/** Profile: info, avatar upload and its files, nickname, language. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AVATAR_MAX_BYTES } from '../../../src/domain/constants';
import { AppError } from '../../../src/domain/errors';
import { nicknameEditSchema, setLangSchema } from '../../../src/domain/validation';
import { userInfoSchema } from '../../../src/domain/wire-schemas';
import { apiRoute, noInput } from '../../http/api-route';
import { viewerOf } from '../../http/auth';
import { readUploadForm } from '../../http/uploads';
import { IMAGE_MEDIA_TYPES } from '../../storage/image-store';
import { AVATAR_URL_PREFIX } from './service';

export async function userModule(app: FastifyInstance): Promise<void> {
  const { profiles, avatars } = app.services;

  apiRoute(app, {
    method: 'GET',
    url: '/user/info',
    tag: 'user',
    summary: 'The signed-in user (UserInfo)',
    auth: 'required',
    query: noInput,
    reply: userInfoSchema,
    handler: ({ request }) => profiles.info(viewerOf(request).userId),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/user/uploadHeadPortrait',
    refusals: { 400: ['upload.required'] },
    tag: 'user',
    summary: 'Upload an avatar: JPG, PNG, HEIC or WebP by content, at most 2 MB and 40 megapixels',
    auth: 'required',
    upload: { field: 'file', mediaTypes: avatars.mediaTypes },
    reply: z.object({ avatar: z.string().describe('The URL of the new avatar') }),
    handler: async ({ request }) => {
      const viewer = viewerOf(request);
      // Read to its end; a `lang` field chooses the language like a JSON `lang` would.
      const form = await readUploadForm(request, { fileField: 'file', maxBytes: AVATAR_MAX_BYTES });
      if (!form.file) throw new AppError('upload.required', 400);
      const name = await avatars.save(form.file);
      const replaced = await profiles.setAvatar(viewer.userId, name);
      if (replaced) await avatars.remove(replaced);
      return { avatar: `${AVATAR_URL_PREFIX}${name}` };
    },
  });

  apiRoute(app, {
    method: 'POST',
    url: '/user/editNickname',
    tag: 'user',
    summary: 'Change the nickname',
    auth: 'required',
    body: nicknameEditSchema,
    handler: ({ body, request }) => profiles.setNickname(viewerOf(request).userId, body.nickname),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/set/lang',
    tag: 'user',
    summary: "Remember the user's language (for e-mails and texts)",
    auth: 'required',
    body: setLangSchema,
    handler: ({ body, request }) => profiles.setLocale(viewerOf(request).userId, body.locale),
  });

  apiRoute(app, {
    method: 'GET',
    url: '/uploads/avatars/:file',
    refusals: { 404: ['request.notFound'] },
    tag: 'user',
    summary: 'An uploaded avatar image',
    params: z.object({ file: z.string().describe('The stored name, as in the avatar URL') }),
    raw: { mediaTypes: IMAGE_MEDIA_TYPES },
    handler: async ({ params, reply }) => {
      const image = await avatars.read(params.file);
      if (!image) throw new AppError('request.notFound', 404);
      // Public files under unguessable names, cached forever (a new upload gets a new name).
      reply.header('cache-control', 'public, max-age=31536000, immutable').type(image.mime);
      return image.bytes;
    },
  });
}
