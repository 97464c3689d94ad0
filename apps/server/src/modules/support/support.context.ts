import type { TSupportSocketEvent } from '@openbourse/contracts';
import type { Kysely } from 'kysely';
import type { Clock } from '../../platform/clock.js';
import type { DbView } from '../../platform/db/database.js';
import type { PlatformTables } from '../../platform/db/platform.tables.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { NotifyTables } from '../notify/index.js';
import type { SupportTables } from './support.tables.js';

/**
 * The support module's view of the database: its tables, and what it writes through the other
 * modules' faces in the same transaction — notify's notifications, the audit log.
 */
export type SupportDbTables = SupportTables & NotifyTables & PlatformTables;
export type SupportDb = Kysely<SupportDbTables>;
export type SupportView = DbView<SupportDbTables>;

/** The facts of a user identity keeps that an agent may see (SPEC §6; the personal ones only when verified). */
export type SupportUserFacts = {
  level: number;
  walletAddress: string | null;
  registeredAt: Date;
  kycStatus: number;
  email: string | null;
  phone: string | null;
};

/** What support asks of identity (a port the composition root fills). */
export type SupportIdentity = {
  namesOf(userIds: readonly string[]): Promise<Map<string, string>>;
  userFacts(userId: string): Promise<SupportUserFacts | null>;
  /** The active operators holding the support or admin role, with whether they are online. */
  agents(): Promise<Array<{ id: string; name: string; online: boolean }>>;
  isOnline(userId: string): Promise<boolean>;
  /** A visitor's proof-of-work captcha (identity's): throws CAPTCHA_INVALID unless solved, nothing when off. */
  verifyCaptcha(captcha: { challengeId: string; solution: string } | undefined): Promise<void>;
};

/** What support asks of kyc: the verification, and the real name for an agent (audit-logged there). */
export type SupportKyc = {
  isVerified(userId: string): Promise<boolean>;
  realName(
    userId: string,
    viewer: { operatorId: string; requestId: string; ip: string | null },
  ): Promise<{ firstName: string; lastName: string } | null>;
};

/** What support asks of the uploads: an attachment is the sender's upload; the bytes of one. */
export type SupportUploads = {
  belongsTo(fileId: string, userId: string): Promise<boolean>;
  fileBytes(fileId: string): Promise<{ bytes: Buffer; contentType: string }>;
};

/** Where realtime events go: a user's sockets, a visitor's, every agent's. */
export type SupportPush = {
  toUser(userId: string, event: TSupportSocketEvent): void;
  toVisitor(visitorId: string, event: TSupportSocketEvent): void;
  toAgents(event: TSupportSocketEvent): void;
  /**
   * An agent's request passed the role check: their sockets get the agents' events from now on,
   * on every instance (the list of agents is otherwise read again only every few seconds).
   */
  agentSeen(agentId: string): void;
  /** Whether a socket of the visitor is open on any instance (refreshed by the instances holding one). */
  isVisitorOnline(visitorId: string): Promise<boolean>;
  /** Whether the party of the conversation signalled typing within the typing window (on any instance). */
  isTyping(conversationId: string, side: 'user' | 'agent'): boolean;
  typing(conversationId: string, side: 'user' | 'agent'): void;
};

export type SupportContext = {
  db: SupportDb;
  clock: Clock;
  identity: SupportIdentity;
  kyc: SupportKyc;
  uploads: SupportUploads;
  push: SupportPush;
  mailer: Mailer;
  /** The deployment's public origin (PUBLIC_ORIGIN) for the link in a visitor's e-mail; the path alone without. */
  publicOrigin: string | null;
  log: { warn(obj: object, msg?: string): void };
};

/** Who takes part in a conversation from the user's side. */
export type SupportParty = { kind: 'user'; userId: string } | { kind: 'visitor'; visitorId: string };

/** Who acts in the back office and from where: what the audit row records besides the change. */
export type AgentAction = { agentId: string; requestId: string; ip: string | null };
