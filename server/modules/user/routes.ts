/** Profile: info, avatar upload and its files, nickname, language. */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fs from 'node:fs/promises';
import { AVATAR_MAX_BYTES } from '../../../src/domain/constants';
import { AppError } from '../../../src/domain/errors';
import { isLocale } from '../../../src/domain/locales';
import { nicknameEditSchema, setLangSchema } from '../../../src/domain/validation';
import { apiRoute, documentRoute, noInput } from '../../http/api-route';
import type { Services } from '../../services';
import { requireSession, viewerOf } from '../auth/guard';
import { AVATAR_URL_PREFIX } from './service';

export async function userRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const { profiles, avatars } = services;
  const signedIn = [requireSession(services.sessions)];

  apiRoute(app, {
    method: 'GET',
    url: '/user/info',
    tag: 'user',
    summary: 'The signed-in user (UserInfo)',
    auth: 'required',
    query: noInput,
    preHandler: signedIn,
    handler: ({ request }) => profiles.info(viewerOf(request).userId),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/user/uploadHeadPortrait',
    tag: 'user',
    summary: 'Upload an avatar: JPG, PNG, HEIC or WebP by content, at most 2 MB',
    auth: 'required',
    fileField: 'file',
    preHandler: signedIn,
    handler: async ({ request }) => {
      const viewer = viewerOf(request);
      // Past the limit toBuffer() throws FST_REQ_FILE_TOO_LARGE, which becomes upload.tooLarge.
      const part = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 4, parts: 5 } });
      if (!part || part.fieldname !== 'file') throw new AppError('upload.required', 400);
      // A `lang` form field sent before the file chooses the language like a JSON `lang` would.
      const lang = part.fields.lang;
      if (lang && !Array.isArray(lang) && lang.type === 'field' && isLocale(lang.value)) request.resolvedLocale = lang.value;
      const name = await avatars.save(await part.toBuffer());
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
    preHandler: signedIn,
    handler: ({ body, request }) => profiles.setNickname(viewerOf(request).userId, body.nickname),
  });

  apiRoute(app, {
    method: 'POST',
    url: '/set/lang',
    tag: 'user',
    summary: "Remember the user's language (for e-mails and texts)",
    auth: 'required',
    body: setLangSchema,
    preHandler: signedIn,
    handler: ({ body, request }) => profiles.setLocale(viewerOf(request).userId, body.locale),
  });

  await fs.mkdir(avatars.dir, { recursive: true });
  // Avatars are public files under unguessable names, cached forever (a new upload gets a new name).
  await app.register(fastifyStatic, {
    root: avatars.dir,
    prefix: '/uploads/avatars/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders: (res) => res.setHeader('cache-control', 'public, max-age=31536000, immutable'),
  });
  documentRoute(app, {
    method: 'GET',
    path: `${app.prefix}/uploads/avatars/:file`,
    routeUrl: `${app.prefix}/uploads/avatars/*`,
    tag: 'user',
    summary: 'An uploaded avatar image',
    auth: 'none',
    raw: true,
  });
}
