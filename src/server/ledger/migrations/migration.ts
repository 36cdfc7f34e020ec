/** A versioned migration (decision 065): src/server/ledger/migrations/index.ts lists them. */
import type { Kysely } from "kysely";
import type { Engine } from "../engine";

export interface Migration {
  version: number;
  name: string;
  up(db: Kysely<unknown>, engine: Engine): Promise<void>;
}
