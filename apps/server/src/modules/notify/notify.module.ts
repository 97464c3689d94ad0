import type { Language } from '@openbourse/contracts';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import { connectionStringOf } from '../../platform/db/database.js';
import { type LeaderListener, listenAsLeader } from '../../platform/db/listener.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { AppModule } from '../../platform/module.js';
import type { UserGateway } from '../../platform/realtime/realtime.js';
import { type DeliveryDeps, deliverNotification, sendPendingEmails } from './notification-delivery.js';
import type { NotifyRecipients } from './notification-settings.js';
import { NOTIFY_CHANNEL } from './notify.repository.js';
import { notifyPlugin } from './notify.routes.js';
import type { NotifyTables } from './notify.tables.js';

export type NotifyModuleDeps = {
  db: Kysely<NotifyTables>;
  apiPrefix: string;
  clock: Clock;
  /** The realtime gateway: `pushToUser` reaches the user's sockets on every instance. */
  realtime: UserGateway;
  mailer: Mailer;
  /** The user's e-mail address (identity's service fills it). */
  recipients: NotifyRecipients;
  defaultLanguage: Language;
  log: { warn(obj: object, msg?: string): void; info(obj: object, msg?: string): void };
  /** How often a non-listening instance tries to take the listener over; 5 s by default. */
  listenerRetryMs?: number;
  /** How often the listener sends e-mail copies it may have missed; 60 s by default. */
  emailSweepMs?: number;
};

export type NotifyService = {
  /** Whether this instance is the one forwarding committed notifications now. */
  isListening(): boolean;
};

// pg advisory lock: "this instance forwards committed notifications".
const LISTENER_LOCK_KEY = 5_050_517;

/**
 * Notifications (issue 15). Other modules call `notifyUser(trx, …)` inside their own transaction;
 * the live push happens after the commit and cannot be forgotten: the insert queues a PostgreSQL
 * NOTIFY, which PostgreSQL delivers only on commit, and one listener per deployment forwards it.
 *
 * Why one listener and not one per instance: the realtime gateway offers only `pushToUser`, which
 * already fans out through the cluster bus to every instance's sockets, and no local-only push.
 * If every instance LISTENed and called it, each user would get the notification once per
 * instance. So the instance holding an advisory lock LISTENs (platform/db/listener.ts); the
 * others retry the lock and take over when its connection ends. A notification committed during
 * a failover is not pushed live (it is in the list, which the web reads again on reconnect);
 * its e-mail copy is still sent, by the next listener's sweep of pending e-mails.
 */
export function createNotifyModule(deps: NotifyModuleDeps): AppModule<NotifyService> {
  const delivery: DeliveryDeps = {
    db: deps.db,
    realtime: deps.realtime,
    mailer: deps.mailer,
    recipients: deps.recipients,
    defaultLanguage: deps.defaultLanguage,
    log: deps.log,
  };
  let listener: LeaderListener | null = null;
  let sweepTimer: NodeJS.Timeout | null = null;
  // One delivery at a time, in NOTIFY order (a user's notifications arrive in the order committed).
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => {
    queue = queue.then(work).catch((error: unknown) => {
      deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'notification delivery failed');
    });
  };

  return {
    name: 'notify',
    service: { isListening: () => listener?.isLeader() ?? false },
    register: async (app) => {
      await app.register(notifyPlugin, {
        prefix: deps.apiPrefix,
        db: deps.db,
        clock: deps.clock,
        recipients: deps.recipients,
      });
    },
    start: async () => {
      const connectionString = connectionStringOf(deps.db);
      if (!connectionString) {
        deps.log.warn({}, 'notifications: no connection string for a listener; nothing is pushed live');
        return;
      }
      listener = await listenAsLeader({
        connectionString,
        channel: NOTIFY_CHANNEL,
        lockKey: LISTENER_LOCK_KEY,
        retryMs: deps.listenerRetryMs ?? 5000,
        log: deps.log,
        onNotification: (payload) => {
          if (/^[1-9][0-9]{0,17}$/.test(payload)) enqueue(() => deliverNotification(delivery, payload));
        },
        onLeader: () => enqueue(() => sendPendingEmails(delivery)),
      });
      sweepTimer = setInterval(() => {
        if (listener?.isLeader()) enqueue(() => sendPendingEmails(delivery));
      }, deps.emailSweepMs ?? 60_000);
      sweepTimer.unref();
    },
    stop: async () => {
      if (sweepTimer) clearInterval(sweepTimer);
      sweepTimer = null;
      await listener?.stop();
      listener = null;
      await queue;
    },
    publishes: [],
    subscribes: [],
  };
}
