/**
 * liabilities, liabilities snapshot, liabilities leaves ID, liabilities reserves ASSET AMOUNT:
 * the proof of liabilities' snapshots, a snapshot now, a published snapshot's leaves file (for
 * `npm run liabilities:verify`), and the reserves declared with their evidence (docs/liabilities.md).
 */
import fs from 'node:fs';
import type { OpsLiabilitySnapshot } from '../../src/domain/ops-wire';
import { toDecimalString } from '../../src/domain/money';
import { operand, option, requiredOption, UsageError, type Args } from './args';
import { baseUrl, call, dataOf, send, signedInSession } from './http';
import { table } from './output';

const totalsOf = (snapshot: OpsLiabilitySnapshot) => `${toDecimalString(BigInt(snapshot.totals.EUR), 'EUR')} EUR, ${toDecimalString(BigInt(snapshot.totals.USDT), 'USDT')} USDT`;

function describe(snapshot: OpsLiabilitySnapshot): string {
  const state = snapshot.published ? 'published' : `NOT published: ${snapshot.problem}`;
  return `snapshot ${snapshot.id} of ${snapshot.takenAt} (ledger position ${snapshot.ledgerPosition}): ${snapshot.leafCount} leaves, ${totalsOf(snapshot)}, root ${snapshot.root} — ${state}`;
}

export async function liabilitiesCommand(args: Args): Promise<void> {
  const action = args.positional[1] ?? 'list';
  if (action === 'list') {
    const snapshots = await call<OpsLiabilitySnapshot[]>(args, 'GET', '/liabilities/snapshots');
    console.log(
      table(
        ['ID', 'TAKEN', 'DAY', 'LEAVES', 'EUR', 'USDT', 'PUBLISHED'],
        snapshots.map((s) => [s.id, s.takenAt, s.day ?? '(asked)', s.leafCount, toDecimalString(BigInt(s.totals.EUR), 'EUR'), toDecimalString(BigInt(s.totals.USDT), 'USDT'), s.published ? 'yes' : `no: ${s.problem?.split('\n')[0]}`]),
      ),
    );
  } else if (action === 'snapshot') {
    console.log(describe(await call<OpsLiabilitySnapshot>(args, 'POST', '/liabilities/snapshot', { body: {} })));
  } else if (action === 'leaves') {
    const id = operand(args, 2, 'the snapshot’s ID');
    const response = await send(baseUrl(args), 'GET', '/liabilities/leaves', { query: { id }, token: signedInSession().token });
    // Anything but the file is the envelope of a refusal: dataOf throws it.
    if (!response.ok || !response.headers.get('content-disposition')) await dataOf(response);
    const out = option(args, 'out') ?? `tessera-liabilities-${id}-leaves.json`;
    fs.writeFileSync(out, Buffer.from(await response.arrayBuffer()));
    console.log(`${out}: the leaves of snapshot ${id}; check it with npm run liabilities:verify ${out}`);
  } else if (action === 'reserves') {
    const asset = operand(args, 2, 'EUR or USDT');
    const amount = operand(args, 3, 'the amount held');
    const declared = await call<{ asset: string; amount: string; evidence: string; declaredAt: string }>(args, 'POST', '/liabilities/reserves', {
      body: { asset, amount, evidence: requiredOption(args, 'evidence', 'liabilities reserves') },
    });
    console.log(`reserves declared: ${declared.amount} ${declared.asset} (${declared.evidence}), shown as declared, not verified`);
  } else {
    throw new UsageError(`liabilities ${action}? list, snapshot, leaves ID or reserves ASSET AMOUNT --evidence TEXT`);
  }
}
