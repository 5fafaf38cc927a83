/** The app's content pages: every page in every language, and one language changed with a reason (admin). */
import { queryOptions } from '@tanstack/react-query';
import type { OpsContentChange, OpsContentPages } from '../../../domain/ops-wire';
import { opsGet, opsPost } from '../../api/client';

export const contentQuery = queryOptions({
  queryKey: ['ops', 'content'] as const,
  queryFn: () => opsGet<OpsContentPages>('/content'),
});

export const changeContent = (input: OpsContentChange, key: string) => opsPost<OpsContentPages>('/content', input, key);
