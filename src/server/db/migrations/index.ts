/**
 * The versioned migrations, in order (decision 065). Each runs once per database, inside the
 * migration lock and transaction of `migrate()` (src/server/db/migrate.ts); a new one is appended
 * with the next version, never edited once on main.
 */
import type { Kysely } from "kysely";
import type { Engine } from "../index";
import { initial } from "./001-initial";
import { erasureNotices } from "./002-erasure-notices";

export interface Migration {
  version: number;
  name: string;
  up(db: Kysely<unknown>, engine: Engine): Promise<void>;
}

export const MIGRATIONS: readonly Migration[] = [initial, erasureNotices];
