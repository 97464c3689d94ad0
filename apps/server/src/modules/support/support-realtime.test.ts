import type { TSupportSocketEvent } from '@openbourse/contracts';
import { describe, expect, it } from 'vitest';
import { createInProcessClusterBus } from '../../platform/bus/cluster-bus.js';
import type { SupportDb } from './support.context.js';
import { createSupportRealtime } from './support-realtime.js';

const typing: TSupportSocketEvent = { kind: 'typing', conversationId: '7', side: 'user' };
/** Lets the pushes waiting on the agents' ids go out. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Two instances on one cluster bus (what Redis carries between them), each pushing to the users
 * it is asked to, reading the agents from one shared list that a test changes.
 */
function twoInstances() {
  let at = Date.parse('2026-11-27T12:00:00Z');
  const agents = ['1'];
  const pushedTo: string[] = [];
  const cluster = createInProcessClusterBus();
  const instance = () =>
    createSupportRealtime({
      // The database serves visitors only; no visitor here.
      db: {} as unknown as SupportDb,
      gateway: { pushToUser: (userId) => pushedTo.push(userId) },
      cluster,
      clock: { now: () => new Date(at) },
      agentIds: async () => [...agents],
      log: { warn: () => {} },
    });
  return {
    a: instance(),
    b: instance(),
    agents,
    advance: (ms: number) => {
      at += ms;
    },
    /** Who got the agents' event sent now, from instance `from`. */
    async pushFrom(from: ReturnType<typeof instance>): Promise<string[]> {
      pushedTo.length = 0;
      from.toAgents(typing);
      await settle();
      return [...pushedTo].sort();
    },
  };
}

describe("the support agents' live events", () => {
  it('reach a new agent as soon as their inbox is open, on every instance, not only after the next read of the agents', async () => {
    const deployment = twoInstances();
    expect(await deployment.pushFrom(deployment.b)).toEqual(['1']);

    // A new agent: the agents read a moment ago do not have them yet.
    deployment.agents.push('2');
    deployment.advance(1000);
    expect(await deployment.pushFrom(deployment.b)).toEqual(['1']);

    // Their inbox opens on instance A: instance B's next event reaches them too.
    deployment.a.agentSeen('2');
    await settle();
    expect(await deployment.pushFrom(deployment.b)).toEqual(['1', '2']);
    expect(await deployment.pushFrom(deployment.a)).toEqual(['1', '2']);
  });

  it('forgets an agent whose role was taken away at the next read of the agents', async () => {
    const deployment = twoInstances();
    expect(await deployment.pushFrom(deployment.b)).toEqual(['1']);
    deployment.agents.push('2');
    deployment.a.agentSeen('2');
    await settle();
    expect(await deployment.pushFrom(deployment.b)).toEqual(['1', '2']);

    deployment.agents.splice(deployment.agents.indexOf('2'), 1);
    deployment.advance(6000);
    expect(await deployment.pushFrom(deployment.b)).toEqual(['1']);
  });
});
