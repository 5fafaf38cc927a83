/** audit: the operators' actions, newest first. */
import type { Page } from '../../src/domain/wire';
import { option, type Args } from './args';
import { call } from './http';
import { printPage, when } from './output';
import type { OpsAuditEntry } from '../../src/domain/ops-wire';

export async function audit(args: Args): Promise<void> {
  const query = { page: option(args, 'page'), pageSize: option(args, 'page-size') ?? '20', userId: option(args, 'user'), action: option(args, 'action') };
  printPage(
    await call<Page<OpsAuditEntry>>(args, 'GET', '/audit', { query }),
    ['ID', 'TIME', 'OPERATOR', 'ACTION', 'SUBJECT', 'USER', 'REASON', 'DETAILS'],
    (e) => [e.id, when(e.createdAt), e.operator, e.action, e.subject, e.username, e.reason, JSON.stringify(e.details)],
    'the audit log is empty',
  );
}
