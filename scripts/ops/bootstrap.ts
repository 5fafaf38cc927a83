/**
 * bootstrap-admin NAME: the first admin of an installation, made straight in the database (the
 * server's configuration: DATABASE_URL, else the embedded PGlite under DATA_DIR) because no
 * operator exists yet to sign in over HTTP. Refused once any enabled admin exists.
 */
import fs from 'node:fs';
import path from 'node:path';
import { assertServerSecrets, ConfigError, loadConfig, type Config } from '../../server/config';
import { openDatabase, type DatabaseTarget } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { bootstrapAdmin } from '../../server/modules/ops';
import { createSealer } from '../../server/security/sealed';
import { resolveSecrets } from '../../server/security/secrets';
import { operatorCreateSchema } from '../../src/domain/ops-wire';
import { operand, UsageError, type Args } from './args';
import { serverIsUp } from '../local-server';

async function targetOf(config: Config): Promise<DatabaseTarget> {
  if (config.databaseUrl) return { kind: 'postgres', url: config.databaseUrl };
  const dataDir = path.join(config.dataDir, 'pglite');
  // PGlite takes no lock on its files: a second process must not open them while the server runs.
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION')) && (await serverIsUp(config))) {
    throw new UsageError(`the server answers on port ${config.port}: stop it first, the embedded database belongs to one process at a time`);
  }
  return { kind: 'pglite', dataDir };
}

export async function bootstrapAdminCommand(args: Args): Promise<void> {
  const parsed = operatorCreateSchema.shape.username.safeParse(operand(args, 1, 'admin name'));
  if (!parsed.success) throw new UsageError('the name: a letter, then 2–31 letters, digits, "_", "." or "-"');
  let config: Config;
  try {
    config = loadConfig();
    // The new admin's authenticator secret is sealed with the server's key (on PostgreSQL, SECRETS_KEY).
    assertServerSecrets(config);
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
  const sealer = createSealer(resolveSecrets(config, config.dataDir).secretsKey);
  const database = await openDatabase(await targetOf(config));
  try {
    // A fresh database may not have met the server yet.
    await migrate(database.sql);
    const result = await bootstrapAdmin(database.db, sealer, parsed.data);
    if (!result.ok) {
      throw new UsageError(
        result.reason === 'adminExists'
          ? 'an admin operator exists already: sign in as an admin and use `npm run ops -- operator create NAME --role admin`'
          : `an operator named ${parsed.data} exists already (disabled): choose another name`,
      );
    }
    console.log(`admin operator ${result.username} created (audit: operator.bootstrap).`);
    console.log('Its password and TOTP secret are shown this once: keep the password, put the secret into an authenticator app.');
    console.log(`  password    ${result.password}`);
    console.log(`  secret      ${result.totpSecret}`);
    console.log(`  otpauth URL ${result.otpauthUrl}`);
    console.log(`Then: npm run ops -- login --user ${result.username} --totp CODE   (the password is asked for)`);
  } finally {
    await database.close();
  }
}
