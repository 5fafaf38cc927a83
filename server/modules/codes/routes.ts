/** POST /sms_send and /sms_mail: send a verification code by text message or e-mail. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendMailSchema, sendSmsSchema, type CodePurpose } from '../../../src/domain/validation';
import { apiRoute } from '../../http/api-route';
import { localeOf } from '../../http/locale';
import { byBodyField, byIp, limitBy, type RateLimits } from '../../http/rate-limits';
import { optionalSession, viewerOf } from '../auth/guard';
import type { Services } from '../../services';

export function codeRoutes(app: FastifyInstance, services: Services, limits: RateLimits): void {
  const guards = [
    limitBy(app, 'codes-ip', limits.codesPerIp, byIp),
    limitBy(app, 'codes-target', limits.codesPerTarget, byBodyField('phone', 'email')),
    optionalSession(services.sessions),
  ];
  // Linking a contact is for a signed-in account only; sign-up and reset are for visitors.
  const requireViewerFor = (purpose: CodePurpose, request: FastifyRequest) => {
    if (purpose === 'bind') viewerOf(request);
  };

  apiRoute(app, {
    method: 'POST',
    url: '/sms_send',
    tag: 'codes',
    summary: 'Send a verification code by text message',
    description: 'purpose "bind" needs a session. A reset code for an unknown number is not sent, with the same reply.',
    auth: 'optional',
    body: sendSmsSchema,
    preHandler: guards,
    handler: async ({ body, request }) => {
      requireViewerFor(body.purpose, request);
      return services.codes.send({ channel: 'sms', target: body.phone, purpose: body.purpose }, localeOf(request));
    },
  });

  apiRoute(app, {
    method: 'POST',
    url: '/sms_mail',
    tag: 'codes',
    summary: 'Send a verification code by e-mail',
    description: 'purpose "bind" needs a session. A reset code for an unknown address is not sent, with the same reply.',
    auth: 'optional',
    body: sendMailSchema,
    preHandler: guards,
    handler: async ({ body, request }) => {
      requireViewerFor(body.purpose, request);
      return services.codes.send({ channel: 'email', target: body.email, purpose: body.purpose }, localeOf(request));
    },
  });
}
