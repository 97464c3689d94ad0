import { describe, expect, it } from 'vitest';
import * as contracts from '../index.js';

const DOMAINS = [
  'admin',
  'alerts',
  'content',
  'contentAdmin',
  'faucet',
  'identity',
  'kyc',
  'ledger',
  'lending',
  'lendingAdmin',
  'loans',
  'market',
  'marketAdmin',
  'notify',
  'onboarding',
  'options',
  'optionsAdmin',
  'paymentsAdmin',
  'plans',
  'plansAdmin',
  'referral',
  'referralAdmin',
  'review',
  'savings',
  'savingsAdmin',
  'support',
  'supportAdmin',
  'supportVisitor',
  'trading',
  'uploads',
] as const;

describe('endpoints and route declarations', () => {
  it('declares each endpoint once, with the same method, path and auth on both sides', () => {
    const paths = new Set<string>();
    for (const domain of DOMAINS) {
      const endpoints = contracts[`${domain}Endpoints`] as Record<string, contracts.Endpoint>;
      const routes = contracts[`${domain}Routes`] as Record<string, contracts.RouteDeclaration>;
      expect(Object.keys(routes).sort(), domain).toEqual(Object.keys(endpoints).sort());
      for (const [name, endpoint] of Object.entries(endpoints)) {
        const route = routes[name];
        expect({ method: route?.method, path: route?.path, auth: route?.auth }, `${domain}.${name}`).toEqual({
          method: endpoint.method,
          path: endpoint.path,
          auth: endpoint.auth,
        });
        const key = `${endpoint.method} ${endpoint.path}`;
        expect(paths.has(key), `${key} declared twice`).toBe(false);
        paths.add(key);
      }
    }
    expect(paths.size).toBeGreaterThan(50);
  });

  it('puts every endpoint under the customer or the back-office prefix', () => {
    for (const domain of DOMAINS) {
      for (const endpoint of Object.values(contracts[`${domain}Endpoints`] as Record<string, contracts.Endpoint>)) {
        expect(endpoint.path).toMatch(/^\/swx\/(customer|admin)\//);
        expect(contracts.AUTH_LEVELS).toContain(endpoint.auth);
      }
    }
  });
});
