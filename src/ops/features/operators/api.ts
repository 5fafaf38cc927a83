/** The operator accounts: the list (everyone at the desk), and an admin's create, role change and disable. */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { operatorCreateSchema, operatorDisableSchema, operatorRoleChangeSchema, OpsOperatorCreated, OpsOperatorDisabled, OpsOperatorEntry } from '../../../domain/ops-wire';
import { opsGet, opsPost } from '../../api/client';

export const operatorsQuery = queryOptions({ queryKey: ['ops', 'operators'] as const, queryFn: () => opsGet<OpsOperatorEntry[]>('/operators') });

export const createOperator = (input: z.output<typeof operatorCreateSchema>) => opsPost<OpsOperatorCreated>('/operators', input);
export const changeRole = (input: z.output<typeof operatorRoleChangeSchema>) => opsPost<OpsOperatorEntry>('/operators/role', input);
export const disableOperator = (input: z.output<typeof operatorDisableSchema>) => opsPost<OpsOperatorDisabled>('/operators/disable', input);
