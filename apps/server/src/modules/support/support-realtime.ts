import { createHash } from 'node:crypto';
import { SUPPORT_TYPING_TTL_MS, type TSupportSocketEvent } from '@openbourse/contracts';
import type { ClusterBus } from '../../platform/bus/cluster-bus.js';
import type { Clock } from '../../platform/clock.js';
import type {
  ChannelCommand,
  RealtimeChannel,
  RealtimeConnection,
  UserGateway,
} from '../../platform/realtime/realtime.js';
import type { SupportDb, SupportPush } from './support.context.js';
import { findVisitor, findVisitorByTokenHash, setVisitorsOnline } from './support.repository.js';

const VISITOR_EVENTS_TOPIC = 'support:visitor-events';
const TYPING_TOPIC = 'support:typing';
const AGENT_SEEN_TOPIC = 'support:agent-seen';
/**
 * How long the agents' ids are reused before asking identity again: short, so an operator given
 * the role (or a new agent) hears the inbox within seconds, while a busy inbox (thousands of
 * messages a second) asks once per period rather than once per message.
 */
const AGENTS_CACHE_MS = 5_000;
/** A visitor with a socket open is online this long unless the instance holding it refreshes it. */
const VISITOR_ONLINE_MS = 90_000;
const VISITOR_REFRESH_MS = 30_000;

export const hashVisitorToken = (token: string): Buffer => createHash('sha256').update(token).digest();

export type SupportRealtime = SupportPush & {
  /** The socket channel serving `{ op: 'support-visitor', token }`. */
  channel: RealtimeChannel;
  start(): void;
  stop(): Promise<void>;
};

/**
 * The support chat's realtime side: a user's events through the gateway's pushToUser, the agents'
 * to every operator holding the support (or admin) role, a visitor's through this module's own
 * cluster-bus topic to the instance holding the visitor's socket; the typing state heard by
 * every instance.
 */
export function createSupportRealtime(deps: {
  db: SupportDb;
  gateway: UserGateway;
  cluster: ClusterBus;
  clock: Clock;
  agentIds: () => Promise<string[]>;
  log: { warn(obj: object, msg?: string): void };
}): SupportRealtime {
  const visitorOf = new Map<RealtimeConnection, string>();
  const typingUntil = new Map<string, number>();
  const now = () => deps.clock.now().getTime();
  let agents: { ids: Promise<Set<string>>; at: number } | null = null;
  /** When this instance last told the others of an agent at work (once per cache period at most). */
  const announced = new Map<string, number>();
  let refresher: NodeJS.Timeout | null = null;

  const agentIds = () => {
    if (!agents || now() - agents.at > AGENTS_CACHE_MS) {
      const ids = deps.agentIds().then((list) => new Set(list));
      agents = { ids, at: now() };
      ids.catch(() => {
        agents = null;
      });
    }
    return agents.ids;
  };

  // An agent at work (their request passed the role check just now) is heard at once on every
  // instance, not only after the next read of the agents: an event pushed meanwhile would
  // otherwise be lost to them (a new agent's first minutes, an operator just given the role).
  deps.cluster.subscribe(AGENT_SEEN_TOPIC, (payload) => {
    const { agentId } = payload as { agentId?: unknown };
    if (typeof agentId !== 'string' || !agents) return;
    agents.ids.then(
      (ids) => ids.add(agentId),
      () => undefined,
    );
  });

  deps.cluster.subscribe(VISITOR_EVENTS_TOPIC, (payload) => {
    const { visitorId, event } = payload as { visitorId?: unknown; event?: unknown };
    if (typeof visitorId !== 'string' || typeof event !== 'object' || event === null) return;
    let frame: string | null = null;
    for (const [connection, id] of visitorOf) {
      if (id !== visitorId) continue;
      frame ??= JSON.stringify({ op: 'support', data: event });
      connection.sendFrame(frame);
    }
  });
  deps.cluster.subscribe(TYPING_TOPIC, (payload) => {
    const { conversationId, side } = payload as { conversationId?: unknown; side?: unknown };
    if (typeof conversationId !== 'string' || (side !== 'user' && side !== 'agent')) return;
    typingUntil.set(`${conversationId}:${side}`, now() + SUPPORT_TYPING_TTL_MS);
  });

  const heldVisitors = () => [...new Set(visitorOf.values())];
  const refreshOnline = () =>
    setVisitorsOnline(deps.db, heldVisitors(), new Date(now() + VISITOR_ONLINE_MS)).catch((error: unknown) =>
      deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'support: visitor presence'),
    );

  const channel: RealtimeChannel = {
    onCommand(connection: RealtimeConnection, command: ChannelCommand) {
      if (command.op !== 'support-visitor') return;
      void findVisitorByTokenHash(deps.db, hashVisitorToken(command.token))
        .then(async (visitor) => {
          if (!visitor) {
            visitorOf.delete(connection);
            connection.send({ op: 'support-visitor', ok: false });
            return;
          }
          const id = String(visitor.id);
          visitorOf.set(connection, id);
          await setVisitorsOnline(deps.db, [id], new Date(now() + VISITOR_ONLINE_MS));
          connection.send({ op: 'support-visitor', ok: true });
        })
        .catch((error: unknown) => {
          deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'support: visitor sign-in');
          connection.sendError('INTERNAL_ERROR');
        });
    },
    onClose(connection: RealtimeConnection) {
      const id = visitorOf.get(connection);
      if (id === undefined) return;
      visitorOf.delete(connection);
      // The last socket of the visitor here: away now (another instance holding one refreshes it).
      if (!heldVisitors().includes(id)) {
        setVisitorsOnline(deps.db, [id], new Date(now())).catch((error: unknown) =>
          deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'support: visitor away'),
        );
      }
    },
  };

  return {
    channel,
    toUser: (userId, event) => deps.gateway.pushToUser(userId, { op: 'support', data: event }),
    toVisitor: (visitorId, event) => deps.cluster.publish(VISITOR_EVENTS_TOPIC, { visitorId, event }),
    toAgents: (event: TSupportSocketEvent) => {
      agentIds().then(
        (ids) => {
          for (const id of ids) deps.gateway.pushToUser(id, { op: 'support', data: event });
        },
        (error: unknown) =>
          deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'support: agents unknown'),
      );
    },
    agentSeen: (agentId) => {
      const at = now();
      const last = announced.get(agentId);
      if (last !== undefined && at - last < AGENTS_CACHE_MS) return;
      if (announced.size >= 10_000) announced.clear();
      announced.set(agentId, at);
      deps.cluster.publish(AGENT_SEEN_TOPIC, { agentId });
    },
    isVisitorOnline: async (visitorId) => {
      const visitor = await findVisitor(deps.db, visitorId);
      return visitor?.online_until != null && visitor.online_until.getTime() > now();
    },
    isTyping: (conversationId, side) => (typingUntil.get(`${conversationId}:${side}`) ?? 0) > now(),
    typing: (conversationId, side) => deps.cluster.publish(TYPING_TOPIC, { conversationId, side }),
    start() {
      refresher = setInterval(() => void refreshOnline(), VISITOR_REFRESH_MS);
      refresher.unref();
    },
    async stop() {
      if (refresher) clearInterval(refresher);
      refresher = null;
    },
  };
}
