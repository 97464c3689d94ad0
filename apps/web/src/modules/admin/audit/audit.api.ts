import { adminEndpoints } from '@openbourse/contracts/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client';
import { useSession } from '../../identity/session';
import { type AuditFilters, auditQuery } from './audit-filters';

export const AUDIT_PAGE_SIZE = 20;

/** One page of the audit log, newest first; `enabled` false while the filters are malformed. */
export function useAuditLog(filters: AuditFilters, page: number, enabled: boolean) {
  const { token } = useSession();
  const query = auditQuery(filters, page, AUDIT_PAGE_SIZE);
  return useQuery({
    queryKey: ['admin', 'audit-log', token, query],
    queryFn: ({ signal }) => callApi(adminEndpoints.auditLog, { query, signal }),
    enabled: token !== null && enabled,
    // Paging keeps the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}
