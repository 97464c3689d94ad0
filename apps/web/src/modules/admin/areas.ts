import type { Role } from '@openbourse/contracts';
import type { AuthLevel } from '@openbourse/contracts/constants';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * The back office's areas: one entry per screen group, each its own lazily loaded chunk. An
 * area declares the operator level its routes need (the same levels the server's routes
 * declare), so the navigation shows an operator only what they can open. A later issue adds
 * its screens by adding an area here and its texts as `locales/<area>.<language>.json`.
 */
export type AdminArea = {
  /** Names the navigation label `admin.shell.nav.<id>` and the texts file `locales/<id>.*.json`. */
  id: 'dashboard' | 'users' | 'queues' | 'support' | 'treasury' | 'content' | 'settings' | 'audit';
  /** Under /admin; `''` is /admin itself. */
  path: string;
  level: Extract<AuthLevel, 'operator' | 'reviewer' | 'support' | 'admin'>;
  Page: LazyExoticComponent<ComponentType>;
};

export const ADMIN_AREAS: readonly AdminArea[] = [
  { id: 'dashboard', path: '', level: 'operator', Page: lazy(() => import('./dashboard/DashboardArea')) },
  { id: 'users', path: 'users', level: 'support', Page: lazy(() => import('./users/UsersArea')) },
  { id: 'queues', path: 'queues', level: 'reviewer', Page: lazy(() => import('./queues/QueuesArea')) },
  { id: 'support', path: 'support', level: 'support', Page: lazy(() => import('./support/SupportArea')) },
  { id: 'treasury', path: 'treasury', level: 'admin', Page: lazy(() => import('./treasury/TreasuryArea')) },
  { id: 'content', path: 'content', level: 'admin', Page: lazy(() => import('./content/ContentArea')) },
  { id: 'settings', path: 'settings', level: 'admin', Page: lazy(() => import('./settings/SettingsArea')) },
  { id: 'audit', path: 'audit-log', level: 'admin', Page: lazy(() => import('./audit/AuditArea')) },
];

const OPERATOR_ROLES: readonly Role[] = ['reviewer', 'support', 'admin'];

/** The server's rule (sessions.ts): an admin holds every role; `operator` admits any operator role. */
export function admits(roles: readonly Role[], level: AdminArea['level']): boolean {
  if (level === 'operator') return roles.some((role) => OPERATOR_ROLES.includes(role));
  return roles.includes('admin') || roles.includes(level);
}

export function isOperator(roles: readonly Role[]): boolean {
  return admits(roles, 'operator');
}
