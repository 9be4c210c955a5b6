import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** A point in time with its zone. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Minor units of an asset; numeric(38,0) so no amount ever overflows, read back as bigint. */
export const minor = (name: string) => numeric(name, { precision: 38, scale: 0, mode: 'bigint' });
