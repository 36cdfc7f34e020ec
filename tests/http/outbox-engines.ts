/** The engines the outbox tests run on: SQLite always; PostgreSQL from the run's server. */
export const ENGINES: Array<[string, () => string | null]> = [["sqlite", () => null]];
