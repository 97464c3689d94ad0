import pg from 'pg';

type Log = { warn(obj: object, msg?: string): void; info(obj: object, msg?: string): void };

export type LeaderListener = {
  /** Whether this instance holds the lock and listens now. */
  isLeader(): boolean;
  stop(): Promise<void>;
};

/**
 * LISTENs on a PostgreSQL channel on ONE instance of the deployment: a dedicated connection (not
 * a pooled one: a LISTEN belongs to its session) takes a session advisory lock and, only when it
 * got it, LISTENs on that same connection. The lock and the LISTEN live and die together: when
 * the leader's connection drops, its lock is released and another instance's next attempt (every
 * `retryMs`) takes over. A NOTIFY is delivered only when its transaction commits, which is what
 * makes it the "after commit" hook of a change made inside a caller's transaction.
 *
 * Resolves once the first attempt is over (leader or not), so an app that starts it can rely on
 * a lone instance listening from then on.
 */
export async function listenAsLeader(options: {
  connectionString: string;
  channel: string;
  lockKey: number;
  retryMs: number;
  log: Log;
  onNotification: (payload: string) => void;
  /** Called each time this instance becomes the leader (to catch up on what it may have missed). */
  onLeader?: () => void;
}): Promise<LeaderListener> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(options.channel)) throw new Error(`bad channel name ${options.channel}`);
  let leader: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const schedule = () => {
    if (stopped || timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      void attempt();
    }, options.retryMs);
    timer.unref();
  };

  // A connection given up on (lost, or failed to start listening): closed, and a failure to close said.
  const closeClient = (client: pg.Client) => {
    client
      .end()
      .catch((error: unknown) =>
        options.log.warn({ err: String(error), channel: options.channel }, 'closing a listener connection failed'),
      );
  };

  const attempt = async (): Promise<void> => {
    if (stopped || leader !== null) return;
    const client = new pg.Client({
      connectionString: options.connectionString,
      application_name: `openbourse-listen-${options.channel}`,
      keepAlive: true,
    });
    const lost = (error?: Error) => {
      if (leader !== client) return;
      leader = null;
      if (!stopped) options.log.warn({ err: error?.message, channel: options.channel }, 'listener connection lost');
      closeClient(client);
      schedule();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [options.lockKey]);
      if (rows[0]?.ok !== true || stopped) {
        await client.end();
        schedule();
        return;
      }
      client.on('notification', (message) => {
        if (message.channel === options.channel && message.payload !== undefined) {
          options.onNotification(message.payload);
        }
      });
      await client.query(`LISTEN ${options.channel}`);
      leader = client;
      options.log.info({ channel: options.channel }, 'listening (this instance holds the listener lock)');
      options.onLeader?.();
    } catch (error) {
      options.log.warn(
        { err: error instanceof Error ? error.message : String(error), channel: options.channel },
        'could not start listening; retrying',
      );
      closeClient(client);
      schedule();
    }
  };

  await attempt();
  return {
    isLeader: () => leader !== null,
    async stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      const client = leader;
      leader = null;
      // Closing the session releases the lock and the LISTEN: another instance takes over.
      await client
        ?.end()
        .catch((error: unknown) =>
          options.log.warn({ err: String(error), channel: options.channel }, 'closing the listener connection failed'),
        );
    },
  };
}
