/** The signed-in person of the web tests: a token and a profile, as after a real login. */
import { getDefaultStore } from 'jotai';
import type { UserInfo } from '../../../src/domain/wire';
import { tokenAtom, userInfoAtom } from '../../../src/storage/session';

export const TEST_USER: UserInfo = {
  id: 'u1',
  username: 'ada',
  nickname: 'Ada',
  avatar: null,
  phone: null,
  email: 'ada@example.com',
  inviteCode: 'ABC123',
  isMerchant: false,
  hasPayPassword: true,
  hasSecondFactor: false,
  secondFactorMethods: [],
  locale: 'en',
  vipLevel: 1,
  createdAt: '2030-01-01T00:00:00.000Z',
};

/** Signs the test user in on the device (no server call): account reads are keyed by `user.id`. */
export function signInForTest(changes: Partial<UserInfo> = {}): UserInfo {
  const user = { ...TEST_USER, ...changes };
  getDefaultStore().set(tokenAtom, 'tok_test');
  getDefaultStore().set(userInfoAtom, user);
  return user;
}
