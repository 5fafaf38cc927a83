/**
 * The catalogues test compares every language with the English catalogues (src/locales/en/
 * shell.po and messages.po); this one makes sure those hold every text the app's source marks for translation,
 * so a text added to a screen without `npm run extract` (and its ten translations) fails here
 * instead of reaching a user in English.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import PO from 'pofile';
import { afterAll, describe, expect, it } from 'vitest';
import linguiConfig from '../../../lingui.config';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'tessera-extract-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function msgids(file: string): string[] {
  return PO.parse(readFileSync(file, 'utf8'))
    .items.filter((item) => !item.obsolete)
    .map((item) => item.msgid)
    .sort();
}

/** The project's catalogues, written into the scratch folder instead of src/locales. */
const catalogs = linguiConfig.catalogs!.map((catalog) => ({
  ...catalog,
  name: catalog.path.split('/').pop()!,
  path: join(work, '{locale}', catalog.path.split('/').pop()!),
}));

describe('English UI catalogues', () => {
  it('hold exactly the texts the source marks for translation, each in its catalogue', () => {
    const config = join(work, 'lingui.config.json');
    writeFileSync(
      config,
      JSON.stringify({
        rootDir: root,
        sourceLocale: 'en',
        locales: ['en'],
        catalogs: catalogs.map(({ path, include, exclude }) => ({ path, include, exclude })),
        format: 'po',
      }),
    );
    const run = spawnSync(process.execPath, [join(root, 'node_modules/@lingui/cli/dist/lingui.js'), 'extract', '--config', config], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    for (const { name } of catalogs) {
      const fromSource = msgids(join(work, 'en', `${name}.po`));
      const committed = msgids(join(root, `src/locales/en/${name}.po`));
      const notExtracted = fromSource.filter((id) => !committed.includes(id));
      const stale = committed.filter((id) => !fromSource.includes(id));
      expect({ name, notExtracted, stale }, 'run `npm run extract` and translate the new texts').toEqual({ name, notExtracted: [], stale: [] });
    }
  }, 60_000);
});
