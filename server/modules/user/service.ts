/** The profile a user sees and edits: info, avatar, nickname, language. */
import { eq } from 'drizzle-orm';
import { AppError } from '../../../src/domain/errors';
import { FALLBACK_LOCALE, isLocale, type Locale } from '../../../src/domain/locales';
import type { SecondFactorMethod } from '../../../src/domain/security';
import type { UserInfo } from '../../../src/domain/wire';
import type { Db } from '../../db/client';
import { users, type User } from '../../db/schema';

export const AVATAR_URL_PREFIX = '/api/uploads/avatars/';

/** The profile of `user`, whose second factor is given by `methods` (none: it has none). */
export function userInfoOf(user: User, methods: SecondFactorMethod[]): UserInfo {
  return {
    id: user.id,
    username: user.username,
    nickname: user.nickname,
    avatar: user.avatar ? `${AVATAR_URL_PREFIX}${user.avatar}` : null,
    phone: user.phone,
    email: user.email,
    inviteCode: user.inviteCode,
    isMerchant: user.isMerchant,
    hasPayPassword: user.payPasswordHash !== null,
    hasSecondFactor: methods.length > 0,
    secondFactorMethods: methods,
    locale: isLocale(user.locale) ? user.locale : FALLBACK_LOCALE,
    vipLevel: user.vipLevel,
    createdAt: user.createdAt.toISOString(),
  };
}

/** `secondFactorMethods`: how an account gives its second factor (modules/security). */
export function createProfiles(db: Db, secondFactorMethods: (userId: string) => Promise<SecondFactorMethod[]>) {
  async function update(userId: string, values: Partial<Pick<User, 'nickname' | 'avatar' | 'locale'>>): Promise<User> {
    const [user] = await db.update(users).set(values).where(eq(users.id, userId)).returning();
    if (!user) throw new AppError('session.gone', 401);
    return user;
  }

  return {
    async info(userId: string): Promise<UserInfo> {
      const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!user) throw new AppError('session.gone', 401);
      return userInfoOf(user, await secondFactorMethods(userId));
    },

    /** Returns the file name of the avatar it replaced, for the caller to delete. */
    async setAvatar(userId: string, fileName: string): Promise<string | null> {
      const [before] = await db.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)).limit(1);
      await update(userId, { avatar: fileName });
      return before?.avatar ?? null;
    },

    async setNickname(userId: string, nickname: string): Promise<void> {
      await update(userId, { nickname });
    },

    async setLocale(userId: string, locale: Locale): Promise<void> {
      await update(userId, { locale });
    },
  };
}
