import type { Queryable } from '../db/types';

export interface Migration {
  /** Stable identifier recorded in schema_migrations, e.g. '001-core'. Never rename. */
  id: string;
  up(tx: Queryable): Promise<void>;
}
