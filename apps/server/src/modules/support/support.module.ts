import type { TSupportDashboardFigures } from '@openbourse/contracts';
import type { ClusterBus } from '../../platform/bus/cluster-bus.js';
import type { Clock } from '../../platform/clock.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { AppModule } from '../../platform/module.js';
import type { Realtime } from '../../platform/realtime/realtime.js';
import { seedCannedReplies } from './seed-canned-replies.js';
import type { SupportContext, SupportDb, SupportIdentity, SupportKyc, SupportUploads } from './support.context.js';
import { dashboardFigures } from './support.repository.js';
import { supportAdminPlugin, supportPlugin, supportVisitorPlugin } from './support.routes.js';
import { createSupportRealtime } from './support-realtime.js';

export type SupportModuleDeps = {
  db: SupportDb;
  clock: Clock;
  identity: SupportIdentity;
  kyc: SupportKyc;
  uploads: SupportUploads;
  realtime: Pick<Realtime, 'pushToUser' | 'useChannel'>;
  cluster: ClusterBus;
  mailer: Mailer;
  publicOrigin: string | null;
  apiPrefix: string;
  adminPrefix: string;
  log: { warn(obj: object, msg?: string): void };
};

export type SupportService = {
  /** The back-office dashboard's support figures, measured over the last 30 days. */
  dashboardFigures(): Promise<TSupportDashboardFigures>;
  /** Seeds the sandbox's example canned replies (each once); answers how many were added. */
  seedSandbox(): Promise<number>;
};

const DAY_MS = 86_400_000;

/**
 * The support chat (issue 20): conversations of users and of visitors (known by a random token)
 * with the support agents, messages with image attachments, delivery and read marks, typing, the
 * satisfaction rating; the agent inbox with its queues, canned replies and the user's context
 * panel (SPEC §6), every view audit-logged; realtime through the user gateway (users, agents) and
 * a socket channel of its own (visitors), across instances through the cluster bus.
 */
export function createSupportModule(deps: SupportModuleDeps): AppModule<SupportService> {
  const push = createSupportRealtime({
    db: deps.db,
    gateway: deps.realtime,
    cluster: deps.cluster,
    clock: deps.clock,
    agentIds: async () => (await deps.identity.agents()).map((agent) => agent.id),
    log: deps.log,
  });
  deps.realtime.useChannel(push.channel);
  const ctx: SupportContext = {
    db: deps.db,
    clock: deps.clock,
    identity: deps.identity,
    kyc: deps.kyc,
    uploads: deps.uploads,
    push,
    mailer: deps.mailer,
    publicOrigin: deps.publicOrigin,
    log: deps.log,
  };
  return {
    name: 'support',
    service: {
      dashboardFigures: async () => {
        const figures = await dashboardFigures(deps.db, new Date(deps.clock.now().getTime() - 30 * DAY_MS));
        return {
          openConversations: figures.open,
          waitingUser: figures.waitingUser,
          medianFirstResponseSeconds: figures.medianFirstResponse,
          medianResolutionSeconds: figures.medianResolution,
          averageRating: figures.averageRating,
          ratings: figures.ratings,
        };
      },
      seedSandbox: () => seedCannedReplies(ctx),
    },
    register: async (app) => {
      await app.register(supportPlugin, { prefix: deps.apiPrefix, ctx });
      await app.register(supportVisitorPlugin, { prefix: deps.apiPrefix, ctx });
      await app.register(supportAdminPlugin, { prefix: deps.adminPrefix, ctx });
    },
    start: async () => push.start(),
    stop: () => push.stop(),
    publishes: [],
    subscribes: [],
  };
}
