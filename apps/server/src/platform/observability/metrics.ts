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
  const record = (request: FastifyRequest, reply: FastifyReply) => {
    const labels = {
      method: request.method,
      // The route pattern, never the raw URL: ids in paths would explode the label set.
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    duration.observe(labels, reply.elapsedTime / 1000);
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
