/** The VIP screen's call: the user's level, progress and the table of levels. */
import { ask } from '../../../api/calls';
import type { UserLevelReply } from '../../../domain/wire';

export const userLevel = ask<UserLevelReply>('GET', '/user/user_level');
