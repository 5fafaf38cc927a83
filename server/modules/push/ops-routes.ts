/** The operator's push read under /api/ops (support): a user's subscribed devices, without their keys. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { userRecordsRoute } from '../../http/operator-calls';

const date = z.string().describe('ISO 8601 date and time');

const pushDeviceSchema = z.object({
  id: z.number().int(),
  service: z.string().describe("The push service's host; never the endpoint's path or the keys"),
  channels: z.array(z.enum(['trade', 'system'])),
  createdAt: date.describe('When the device subscribed'),
  updatedAt: date.describe('When it last subscribed again or changed its channels'),
  lastSentAt: date.nullable().describe('When it was last sent a message; null: never'),
  locale: z.string().describe("The user's language, which its messages are in"),
});

/** Under /api/ops. */
export async function pushOpsModule(app: FastifyInstance): Promise<void> {
  const { push } = app.services;
  userRecordsRoute(app, { url: '/users/devices', summary: "A user's devices subscribed to notifications, newest first, without their keys (support)", item: pushDeviceSchema }, push.devicesOf);
}
