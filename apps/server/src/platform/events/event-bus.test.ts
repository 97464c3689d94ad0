import { describe, expect, it } from 'vitest';
import { createInProcessClusterBus } from '../bus/cluster-bus.js';
import { createEventBus } from './event-bus.js';

type Events = {
  'thing.changed': { id: string; version: number };
  'thing.removed': { id: string };
};

const quietLog = () => {
  const errors: unknown[] = [];
  return { errors, log: { error: (obj: object) => errors.push(obj), warn: (obj: object) => errors.push(obj) } };
};

describe('event bus', () => {
  it('delivers an event to every listener of its name, in subscription order, and to no other', () => {
    const { log } = quietLog();
    const bus = createEventBus<Events>({ log });
    const heard: string[] = [];
    bus.subscribe('thing.changed', (event) => heard.push(`a:${event.id}@${event.version}`));
    bus.subscribe('thing.changed', (event) => heard.push(`b:${event.id}`));
    bus.subscribe('thing.removed', (event) => heard.push(`removed:${event.id}`));
    bus.publish('thing.changed', { id: 'x', version: 2 });
    expect(heard).toEqual(['a:x@2', 'b:x']);
  });

  it('keeps delivering when a listener throws or rejects, and counts the failures', async () => {
    const { log, errors } = quietLog();
    const bus = createEventBus<Events>({ log });
    const heard: string[] = [];
    bus.subscribe('thing.removed', () => {
      throw new Error('broken listener');
    });
    bus.subscribe('thing.removed', async () => {
      throw new Error('broken async listener');
    });
    bus.subscribe('thing.removed', (event) => heard.push(event.id));
    expect(() => bus.publish('thing.removed', { id: 'y' })).not.toThrow();
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toEqual(['y']);
    expect(bus.failures().get('thing.removed')).toBe(2);
    expect(errors).toHaveLength(2);
  });

  it('stops delivering to a listener that unsubscribed', () => {
    const { log } = quietLog();
    const bus = createEventBus<Events>({ log });
    const heard: string[] = [];
    const unsubscribe = bus.subscribe('thing.removed', (event) => heard.push(event.id));
    bus.publish('thing.removed', { id: 'first' });
    unsubscribe();
    bus.publish('thing.removed', { id: 'second' });
    expect(heard).toEqual(['first']);
  });

  it('sends cluster-wide events through the cluster bus and drops malformed ones', () => {
    const { log, errors } = quietLog();
    const cluster = createInProcessClusterBus();
    const bus = createEventBus<Events>({
      log,
      cluster: {
        bus: cluster,
        topicPrefix: 'events:',
        decoders: {
          'thing.removed': (raw) =>
            typeof raw === 'object' && raw !== null && typeof (raw as { id?: unknown }).id === 'string'
              ? { id: (raw as { id: string }).id }
              : null,
        },
      },
    });
    const heard: string[] = [];
    bus.subscribe('thing.removed', (event) => heard.push(event.id));
    bus.publish('thing.removed', { id: 'via-cluster' });
    // What another instance would send: heard the same way.
    cluster.publish('events:thing.removed', { id: 'from-elsewhere' });
    cluster.publish('events:thing.removed', { nope: true });
    expect(heard).toEqual(['via-cluster', 'from-elsewhere']);
    expect(errors).toHaveLength(1);
  });
});
