import pg from 'pg';

/**
 * A singleton worker (issue 15): of all the instances running `runSingleton` with the same key,
 * exactly one — the holder of a PostgreSQL session advisory lock — runs `loop(signal)`. The
 * lock is held on ONE dedicated connection for as long as the instance leads; that connection is
 * checked every `retryMs`. When it drops (database restart, network, the backend killed) or
 * `stop()` is called, the loop's signal is aborted and the lock is gone with the session (or
 * released); every other instance tries again every `retryMs`, so one of them takes over
 * within about `retryMs`.
 *
 * Leadership is exclusive at the database: a loop must still make its writes safe on their own
 * (unique keys, conditional updates), because the old leader's last iteration may finish after
 * the new leader starts — the signal tells the loop to stop, it cannot stop it mid-statement.
 * The loop should return soon after its signal aborts; if it returns or throws while still
 * leading, the lock is released and taken again after `retryMs`.
 *
 * The lock is the two-key form `pg_try_advisory_lock(classid, hashtext(lockKey))` with a fixed
 * class, so it never collides with the one-key locks (migrations, the market feed lock).
 */

export type SingletonLog = {
  error(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
};

export type SingletonOptions = {
  /**
   * Where to hold the lock: a connection string (a dedicated `pg.Client` is opened for each
   * turn), or a pg pool (one of its clients is held while leading). Not the app's Kysely: a
   * held Kysely connection gives no way to hear its client drop.
   */
  connection: { connectionString: string } | { pool: pg.Pool };
  lockKey: string;
  /** For the logs. */
  name: string;
  log: SingletonLog;
  loop: (signal: AbortSignal) => Promise<void>;
  /** How often a follower tries the lock and the leader checks its connection (default 5 s). */
  retryMs?: number;
};

export type Singleton = {
  stop(): Promise<void>;
  isLeader(): boolean;
};

/** The class half of the two-key advisory lock: "a singleton worker" (arbitrary, fixed). */
export const SINGLETON_LOCK_CLASS = 15_015;

/** A held connection the lock lives on. */
type LockSession = {
  query(text: string, values: unknown[]): Promise<Array<Record<string, unknown>>>;
  /** Resolves when the connection dropped. */
  dropped: Promise<unknown>;
  close(): Promise<void>;
};

async function openClientSession(connectionString: string, name: string, log: SingletonLog): Promise<LockSession> {
  const client = new pg.Client({ connectionString, keepAlive: true, application_name: `openbourse:${name}` });
  let markDropped: (reason: unknown) => void = () => undefined;
  const dropped = new Promise<unknown>((resolve) => {
    markDropped = resolve;
  });
  client.on('error', (error) => markDropped(error));
  client.on('end', () => markDropped(new Error('connection ended')));
  await client.connect();
  return {
    query: async (text, values) => (await client.query(text, values)).rows,
    dropped,
    close: async () => {
      // The session is over either way: a connection that fails to close is gone or going.
      await client
        .end()
        .catch((error: unknown) =>
          log.warn({ singleton: name, err: String(error) }, 'closing the lock connection failed'),
        );
    },
  };
}

/**
 * Holds one of a pg pool's clients while leading; released with the error when it broke, so the
 * pool drops it rather than handing a dead connection to someone else.
 */
async function openPoolSession(pool: pg.Pool): Promise<LockSession> {
  const client = await pool.connect();
  let failure: unknown = null;
  let markDropped: (reason: unknown) => void = () => undefined;
  const dropped = new Promise<unknown>((resolve) => {
    markDropped = resolve;
  });
  // A checked-out client has no pool listener: without this one, a dropped connection would be
  // an unhandled 'error' event.
  const onError = (error: Error) => {
    failure = error;
    markDropped(error);
  };
  client.on('error', onError);
  return {
    query: async (text, values) => {
      try {
        return (await client.query(text, values)).rows;
      } catch (error) {
        failure ??= error;
        throw error;
      }
    },
    dropped,
    close: async () => {
      client.removeListener('error', onError);
      client.release(failure ? (failure instanceof Error ? failure : new Error(String(failure))) : undefined);
    },
  };
}

export function runSingleton(options: SingletonOptions): Singleton {
  const { log, name, lockKey } = options;
  const retryMs = options.retryMs ?? 5000;
  let isStopped = false;
  let leading = false;
  let current: AbortController | null = null;
  let wakeWaiter: (() => void) | null = null;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wakeWaiter = null;
        resolve();
      }, ms);
      wakeWaiter = () => {
        clearTimeout(timer);
        wakeWaiter = null;
        resolve();
      };
    });

  const open = () =>
    'connectionString' in options.connection
      ? openClientSession(options.connection.connectionString, name, options.log)
      : openPoolSession(options.connection.pool);

  /** One turn: try the lock; if taken, lead until the loop ends, the connection drops or stop(). */
  const attempt = async (): Promise<void> => {
    const session = await open();
    try {
      const rows = await session.query('SELECT pg_try_advisory_lock($1::int, hashtext($2)) AS locked', [
        SINGLETON_LOCK_CLASS,
        lockKey,
      ]);
      if (rows[0]?.locked !== true) return;
      if (isStopped) {
        // Stopped while asking: give it back (a pooled client returns to the pool).
        await session.query('SELECT pg_advisory_unlock($1::int, hashtext($2))', [SINGLETON_LOCK_CLASS, lockKey]);
        return;
      }
      const controller = new AbortController();
      current = controller;
      leading = true;
      log.info({ singleton: name }, 'singleton worker: this instance leads');
      const loopDone = Promise.resolve()
        .then(() => options.loop(controller.signal))
        .then(
          () => (controller.signal.aborted ? undefined : log.warn({ singleton: name }, 'singleton loop returned')),
          (error: unknown) =>
            log.error(
              { singleton: name, err: error instanceof Error ? error.message : String(error) },
              'singleton loop failed; releasing the lead',
            ),
        );
      // Watch the connection: an error or end event, or a failed check every retryMs.
      let checking = true;
      const checks = (async () => {
        while (checking && !controller.signal.aborted) {
          await wait(retryMs);
          if (!checking || controller.signal.aborted) return;
          try {
            await session.query('SELECT 1', []);
          } catch (error) {
            return error;
          }
        }
      })();
      const reason = await Promise.race([
        loopDone.then(() => 'loop-ended' as const),
        session.dropped.then(() => 'connection-dropped' as const),
        checks.then((error) => (error ? ('connection-dropped' as const) : ('stopped' as const))),
      ]);
      if (reason === 'connection-dropped') {
        log.error({ singleton: name }, 'singleton worker: lost the lock connection; stopping the loop');
      }
      controller.abort(new Error(`singleton ${name}: ${reason}`));
      checking = false;
      wakeWaiter?.();
      await loopDone;
      await checks;
      leading = false;
      current = null;
      if (reason !== 'connection-dropped') {
        // Not unlocked: closing the session just below releases the lock all the same.
        await session
          .query('SELECT pg_advisory_unlock($1::int, hashtext($2))', [SINGLETON_LOCK_CLASS, lockKey])
          .catch((error: unknown) =>
            log.warn(
              { singleton: name, err: String(error) },
              'singleton worker: unlocking failed; closing the session',
            ),
          );
      }
      log.info({ singleton: name, reason }, 'singleton worker: this instance no longer leads');
    } finally {
      leading = false;
      current = null;
      await session.close();
    }
  };

  const run = async () => {
    while (!isStopped) {
      try {
        await attempt();
      } catch (error) {
        log.warn(
          { singleton: name, err: error instanceof Error ? error.message : String(error) },
          'singleton worker: could not reach the database for the lock',
        );
      }
      if (isStopped) return;
      await wait(retryMs);
    }
  };
  const running = run();

  return {
    isLeader: () => leading,
    async stop() {
      isStopped = true;
      current?.abort(new Error(`singleton ${name}: stopped`));
      wakeWaiter?.();
      await running;
    },
  };
}

/**
 * A singleton loop's pause: resolves after `ms`, or at once when the signal aborts. The abort
 * listener is removed either way, so a loop that pauses forever adds none up.
 */
export function pauseUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

/**
 * A singleton's loop: `step`, then a pause of `everyMs`, until the signal aborts. A failed step
 * is handed to `onFailure` (to log it; a failure after the abort is the abort's, and ends the
 * loop quietly) and followed by a pause of `afterFailureMs` (default `everyMs`).
 */
export async function repeatUntilAborted(
  signal: AbortSignal,
  options: {
    everyMs: number;
    afterFailureMs?: number;
    step: () => Promise<unknown>;
    onFailure: (error: unknown) => void;
  },
): Promise<void> {
  while (!signal.aborted) {
    let pauseMs = options.everyMs;
    try {
      await options.step();
    } catch (error) {
      if (signal.aborted) return;
      options.onFailure(error);
      pauseMs = options.afterFailureMs ?? options.everyMs;
    }
    await pauseUnlessAborted(pauseMs, signal);
  }
}
