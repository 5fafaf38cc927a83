/** The operator roles as the console names them. */
import { useLingui } from '@lingui/react/macro';
import type { OperatorRole } from '../../domain/operators';

export function useRoleLabel(): (role: OperatorRole) => string {
  const { t } = useLingui();
  return (role) => ({ support: t`Support`, finance: t`Finance`, admin: t`Admin` })[role];
}
