/**
 * The versioned migrations, applied lowest version first (decision 065). Each runs once per database, inside the
 * migration lock and transaction of `migrate()` (src/server/ledger/migrate.ts); a new one is appended
 * with the next version, never edited once on main.
 */
import { initial } from "./001-initial";
import { erasureNotices } from "./002-erasure-notices";
import { spend } from "./003-spend";
import { experiments } from "./004-experiments";
import { spendCoveringIndex } from "./005-spend-covering-index";
import { outcomeCorrections } from "./006-outcome-corrections";
import { reportRollups } from "./007-report-rollups";
import { spendMonthRows } from "./008-spend-month-rows";
import type { Migration } from "./migration";

export type { Migration };

/** In any order here: migrate() applies every version not yet recorded, lowest first. */
export const MIGRATIONS: readonly Migration[] = [
  initial,
  erasureNotices,
  spend,
  experiments,
  spendCoveringIndex,
  outcomeCorrections,
  reportRollups,
  spendMonthRows,
];
