/** The VIP screen's read: the user's level, progress and the table of levels. */
import { userLevel } from './calls';
import { accountRead, useAccountQuery } from '../../../api/query';

export const userLevelQuery = accountRead('level', userLevel);
export const useUserLevel = () => useAccountQuery(userLevelQuery);
