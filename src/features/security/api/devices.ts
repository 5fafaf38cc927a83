/**
 * The account's signed-in sessions and its sign-ins (docs/api.md, "Security"): the calls and their
 * reads. Neither read is kept in the device's offline copy: a list of sessions from before is no
 * answer to "who is signed in now", and the addresses stay off the device.
 */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { ask, pages, send } from '../../../api/calls';
import { request, type RequestOptions } from '../../../api/client';
import { accountKey, pagedQueryOptions, useAccountQuery, type PagedQueryOptions } from '../../../api/query';
import type { AccountSessions, SessionsEnded, SignIn, sessionEndSchema } from '../../../domain/devices';

export const accountSessions = ask<AccountSessions>('GET', '/safe/sessions');
export const endSession = send<z.input<typeof sessionEndSchema>, SessionsEnded>('POST', '/safe/sessions/end');
export const endOtherSessions = (options?: RequestOptions) => request<SessionsEnded>('POST', '/safe/sessions/end_others', {}, options);
export const signIns = pages<SignIn>('/safe/sign_ins');

export const sessionsQuery = (userId: string) =>
  queryOptions({
    queryKey: accountKey(userId, 'sessions'),
    queryFn: ({ signal }) => accountSessions({ signal, quiet: true }),
    meta: { persist: false },
  });
export const useAccountSessions = () => useAccountQuery(sessionsQuery);

export const signInsQuery = (userId: string): PagedQueryOptions<SignIn> => ({
  ...pagedQueryOptions<SignIn>(accountKey(userId, 'sign-ins'), signIns),
  meta: { persist: false },
});
