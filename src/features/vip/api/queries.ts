/** The VIP screen's read: the user's level, progress and the table of levels. */
import { queryOptions } from '@tanstack/react-query';
import { userLevel } from '../../../api/money';
import { accountKey, useAccountQuery } from '../../../api/query';

export function userLevelQuery(userId: string) {
  return queryOptions({
    queryKey: accountKey(userId, 'level'),
    queryFn: ({ signal }) => userLevel({ signal, quiet: true }),
  });
}

export const useUserLevel = () => useAccountQuery(userLevelQuery);
