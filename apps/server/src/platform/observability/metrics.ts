import type { FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

export type HttpMetrics = {
  /** A registry per app, so tests can build many apps in one process. */
  registry: Registry;
  /** Called once per request (app.ts's first hook): the duration is recorded when the answer ends. */
  track(request: FastifyRequest, reply: FastifyReply): void;
};

export function createHttpMetrics(): HttpMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  // One child per route and status, found without building a key: resolving the labels on every
  // answer cost more than the rest of the recording. A route's config object is one per method
  // and pattern (unmatched requests share the 404 handler's); the label is the route pattern,
  // never the raw URL (ids in paths would explode the set), and statuses are a few dozen.
  const children = new WeakMap<object, Map<number, Histogram.Internal<'method' | 'route' | 'status'>>>();
  const withoutConfig = {};
  const record = (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions;
    const key: object = route.config ?? withoutConfig;
    let byStatus = children.get(key);
    if (!byStatus) {
      byStatus = new Map();
      children.set(key, byStatus);
    }
    let child = byStatus.get(reply.statusCode);
    if (!child) {
      const labels = { method: request.method, route: route.url ?? 'unmatched', status: String(reply.statusCode) };
      child = duration.labels(labels);
      byStatus.set(reply.statusCode, child);
    }
    child.observe(reply.elapsedTime / 1000);
  };
  return {
    registry,
    // Through the response's own 'close' (after the answer is sent, or the connection is lost)
    // rather than an onResponse hook: having any onResponse hook at all cost 3–5 µs an answer
    // on the hottest routes, about a tenth of their time (docs/BENCHMARKS.md).
    track(request, reply) {
      reply.raw.on('close', () => record(request, reply));
    },
  };
}
