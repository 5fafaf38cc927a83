/** POST /sms_send and /sms_mail: send a verification code by text message or e-mail. */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { sendMailSchema, sendSmsSchema } from '../../../src/domain/validation';
import { sendCodeReplySchema } from '../../../src/domain/wire-schemas';
import { apiRoute } from '../../http/api-route';
import { viewerOf } from '../../http/auth';
import { localeOf } from '../../http/locale';
import { byBodyField, byIp, limitBy } from '../../http/rate-limits';
import type { CodeChannel } from './service';

export async function codesModule(app: FastifyInstance): Promise<void> {
  const { codes } = app.services;
  const { rateLimits } = app.deps;
  const limits = [
    limitBy(app, 'codes-ip', rateLimits.codesPerIp, byIp),
    limitBy(app, 'codes-target', rateLimits.codesPerTarget, byBodyField('phone', 'email')),
  ];

  const sendRoute = <S extends typeof sendSmsSchema | typeof sendMailSchema>(
    url: string,
    channel: CodeChannel,
    body: S,
    targetOf: (input: z.output<S>) => string,
    by: string,
    contact: string,
  ) =>
    apiRoute(app, {
      method: 'POST',
      url,
      tag: 'codes',
      refusals: { 401: ['session.required'], 409: ['account.exists'], 429: ['code.resendWait'], 502: ['code.sendFailed'] },
      summary: `Send a verification code by ${by}`,
      description: `purpose "bind" needs a session. A reset code for an unknown ${contact} is not sent, with the same reply.`,
      auth: 'optional',
      body,
      reply: sendCodeReplySchema,
      preValidation: limits,
      handler: async ({ body: input, request }) => {
        // Linking a contact is for a signed-in account only; sign-up and reset are for visitors.
        if (input.purpose === 'bind') viewerOf(request);
        return codes.send({ channel, target: targetOf(input as z.output<S>), purpose: input.purpose }, localeOf(request));
      },
    });

  sendRoute('/sms_send', 'sms', sendSmsSchema, (input) => (input as z.output<typeof sendSmsSchema>).phone, 'text message', 'number');
  sendRoute('/sms_mail', 'email', sendMailSchema, (input) => (input as z.output<typeof sendMailSchema>).email, 'e-mail', 'address');
}
