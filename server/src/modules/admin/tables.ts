import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../store/schema/columns';

/**
 * Requests for a money role (finance, admin): an operator made with one, or one granted later. A second
 * admin, not the one who asked, approves or refuses it; until then the operator (or the role) is not in force.
 * `single_admin`: approved at once because the asking admin was the only one (once ever, flagged).
 */
export const operatorRequests = pgTable(
  'operator_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: ['create', 'grant'] }).notNull(),
    operatorId: integer('operator_id').notNull(),
    /** The roles the operator would hold once approved. */
    roles: jsonb('roles').$type<string[]>().notNull(),
    requestedBy: integer('requested_by').notNull(),
    requestedAt: ts('requested_at').notNull(),
    reason: text('reason'),
    status: text('status', { enum: ['pending', 'approved', 'refused'] }).notNull(),
    decidedBy: integer('decided_by'),
    decidedAt: ts('decided_at'),
    singleAdmin: boolean('single_admin').notNull().default(sql`false`),
  },
  (t) => [index('operator_requests_status_idx').on(t.status, t.id)],
);
