/** The operator's push read under /api/ops (support): a user's subscribed devices, without their keys. */
import type { FastifyInstance } from 'fastify';
import { pushDeviceSchema } from '../../../src/domain/ops-wire';
import { userRecordsRoute } from '../../http/operator-calls';

/** Under /api/ops. */
export async function pushOpsModule(app: FastifyInstance): Promise<void> {
  const { push } = app.services;
  userRecordsRoute(app, { url: '/users/devices', summary: "A user's devices subscribed to notifications, newest first, without their keys (support)", item: pushDeviceSchema }, push.devicesOf);
}
