import { createReviewModule, type ReviewService } from '../modules/review/index.js';
import { systemClock } from '../platform/clock.js';
import type { AppModule } from '../platform/module.js';
import type { TestApp } from './test-app.js';

/**
 * The review queues on a test app's database, as a payments test needs them: the system clock,
 * no prices (no kind under test asks), user names unknown.
 */
export function createTestReviews(testApp: TestApp): AppModule<ReviewService> {
  return createReviewModule({
    db: testApp.database.db,
    clock: systemClock,
    prices: { state: () => undefined, isStale: () => true },
    userNames: { namesOf: async () => new Map() },
    adminPrefix: '/swx/admin',
  });
}
