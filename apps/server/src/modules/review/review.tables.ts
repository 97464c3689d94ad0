import type { ReviewKind, ReviewStatus } from '@openbourse/contracts';
import type { ColumnType, Generated } from 'kysely';
import type { DbView } from '../../platform/db/database.js';

/** NUMERIC arrives as a string; written as a string too. */
type Numeric = ColumnType<string, string, string>;

export type ReviewTables = {
  review_kind_settings: {
    kind: ReviewKind;
    four_eyes_threshold: Numeric | null;
    updated_at: Generated<Date>;
  };
  review_items: {
    id: Generated<string>;
    kind: ReviewKind;
    source_key: string;
    user_id: string;
    summary: string;
    amount: Numeric | null;
    asset: string | null;
    payload: ColumnType<Record<string, unknown>, string, string>;
    status: Generated<ReviewStatus>;
    required_approvals: number;
    requested_by: string | null;
    claimed_by: string | null;
    claimed_at: Date | null;
    rejection_reason: string | null;
    rejection_note: string | null;
    decided_by: string | null;
    decided_at: Date | null;
    created_at: Date;
  };
  review_approvals: {
    item_id: string;
    operator_id: string;
    approved_at: Date;
  };
};

export type ReviewDb = DbView<ReviewTables>;
