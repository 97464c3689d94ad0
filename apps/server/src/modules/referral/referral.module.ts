import type { AppModule } from '../../platform/module.js';
import { recordReferralStep, recordReferralSteps } from './referral-steps.js';

export type ReferralService = {
  recordReferralStep: typeof recordReferralStep;
  recordReferralSteps: typeof recordReferralSteps;
};

/**
 * The invite programme. Today it only records steps, inside the transactions of the modules where
 * they happen (they call its functions through index.ts); it has no routes or runtime yet (the
 * invite page is a later issue), so its module object registers and runs nothing.
 */
export function createReferralModule(): AppModule<ReferralService> {
  return {
    name: 'referral',
    service: { recordReferralStep, recordReferralSteps },
    register: async () => {},
    start: async () => {},
    stop: async () => {},
    publishes: [],
    subscribes: [],
  };
}
