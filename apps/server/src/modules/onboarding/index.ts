export { createOnboardingModule, type OnboardingModuleDeps, type OnboardingService } from './onboarding.module.js';
export type { OnboardingTables } from './onboarding.tables.js';
