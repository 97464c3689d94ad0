/**
 * The audit log's filters (#14) as the page holds them: text fields kept in the URL query, so a
 * link opens the same filtered view. The patterns are the ones `ZAuditLogQuery` checks
 * (packages/contracts/src/admin/admin.contracts.ts); the web takes no zod schema, so they are
 * repeated here to say what is wrong before asking the server.
 */
export type AuditFilters = { action: string; operator: string; target: string };
export type AuditFilterField = keyof AuditFilters;

export const NO_AUDIT_FILTERS: AuditFilters = { action: '', operator: '', target: '' };
export const AUDIT_FILTER_FIELDS: readonly AuditFilterField[] = ['action', 'operator', 'target'];

/** `<module>.<verb>` such as `ledger.adjust`, or a prefix ending in a dot such as `ledger.`. */
const ACTION_PATTERN = /^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)*\.?$/;
const ACTION_MAX = 100;
/** A user id (digits) or a user name. */
const OPERATOR_PATTERN = /^[A-Za-z0-9._-]{1,32}$/;
/** `type` or `type:id`, such as `user` or `user:42`. */
const TARGET_PATTERN = /^[a-z][a-z0-9_-]{0,39}(:[^\s:][^\s]{0,99})?$/;
const TARGET_MAX = 141;

const VALID: Record<AuditFilterField, (value: string) => boolean> = {
  action: (value) => value.length <= ACTION_MAX && ACTION_PATTERN.test(value),
  operator: (value) => OPERATOR_PATTERN.test(value),
  target: (value) => value.length <= TARGET_MAX && TARGET_PATTERN.test(value),
};

/** The fields whose (trimmed, non-empty) value the server would refuse; an empty field filters nothing. */
export function invalidAuditFilters(filters: AuditFilters): AuditFilterField[] {
  return AUDIT_FILTER_FIELDS.filter((field) => {
    const value = filters[field].trim();
    return value !== '' && !VALID[field](value);
  });
}

const PAGE_MAX = 100_000;

/** The filters and page a URL query asks for; a missing or malformed page is the first. */
export function readAuditSearch(search: URLSearchParams): { filters: AuditFilters; page: number } {
  const page = Number(search.get('page'));
  return {
    filters: {
      action: search.get('action') ?? '',
      operator: search.get('operator') ?? '',
      target: search.get('target') ?? '',
    },
    page: Number.isInteger(page) && page >= 1 && page <= PAGE_MAX ? page : 1,
  };
}

/** The URL query for filters and a page: empty fields and the first page are left out. */
export function auditSearch(filters: AuditFilters, page = 1): Record<string, string> {
  const search: Record<string, string> = {};
  for (const field of AUDIT_FILTER_FIELDS) {
    const value = filters[field].trim();
    if (value) search[field] = value;
  }
  if (page > 1) search.page = String(page);
  return search;
}

/** The API's query: trimmed filters, empty ones left out. */
export function auditQuery(filters: AuditFilters, page: number, size: number): AuditQuery {
  const query: AuditQuery = { page, size };
  for (const field of AUDIT_FILTER_FIELDS) {
    const value = filters[field].trim();
    if (value) query[field] = value;
  }
  return query;
}

export type AuditQuery = Partial<AuditFilters> & { page: number; size: number };
