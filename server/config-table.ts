/** `npx tsx server/config-table.ts`: the configuration variables as a Markdown table, for the README. */
import { CONFIG_TABLE } from './config';

const escape = (text: string) => text.replace(/\|/g, '\\|');
console.log('| Variable | Default | Meaning |');
console.log('|---|---|---|');
for (const row of CONFIG_TABLE) console.log(`| \`${row.name}\` | ${escape(row.default)} | ${escape(row.description)} |`);
