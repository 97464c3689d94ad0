import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { MovableClock } from '../clock.js';
import { AppError } from '../errors/app-error.js';

const ZAdvance = z.object({
  /** Forward only, at most a year at a time. */
  ms: z
    .number()
    .int()
    .min(1)
    .max(366 * 86_400_000),
});

/**
 * Test deployments only (`TEST_CLOCK`, which needs NODE_ENV=test): moves the movable clock
 * forward and runs what depends on it at once (`afterMove`: the savings accrual), so a browser
 * journey sees days pass in seconds. Answers the clock's new time.
 */
export function registerTestClockRoute(
  app: FastifyInstance,
  clock: MovableClock,
  afterMove: () => Promise<unknown>,
): void {
  app.post('/__test/clock/advance', { config: { auth: 'public' } }, async (request) => {
    const parsed = ZAdvance.safeParse(request.body);
    if (!parsed.success) throw new AppError('INVALID_INPUT');
    const now = clock.advance(parsed.data.ms);
    await afterMove();
    return { now: now.toISOString(), offsetMs: clock.offsetMs() };
  });
}
