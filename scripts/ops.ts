/** `npm run ops -- <command>` (the operator console): see scripts/ops/main.ts and `npm run ops -- help`. */
import { main } from './ops/main';

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
