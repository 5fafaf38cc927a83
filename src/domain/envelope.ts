/** The reply envelope of every API call (docs/api.md, Conventions). */
import type { ErrorKey } from './errors';

export type EnvelopeType = 'ok' | 'error' | '999';

export interface Envelope<T = unknown> {
  type: EnvelopeType;
  /** 1 on success, 0 on a refusal, 999 when the session is gone. */
  code: number;
  /** Empty on success; the reason in the request's language otherwise. */
  message: string;
  data: T | null;
  /** The catalogue key of a refusal, for programs; people read `message`. */
  key?: ErrorKey;
  /** The form field a refusal is about, when there is one. */
  field?: string;
}

export function okEnvelope<T>(data: T): Envelope<T> {
  return { type: 'ok', code: 1, message: '', data };
}

export function isOk(envelope: Pick<Envelope, 'type' | 'code'>): boolean {
  return envelope.type === 'ok' || envelope.code === 1;
}
