/** Calendar days `YYYY-MM-DD` moved by whole days (no zone: they are days already). The ledger's
 * spend sums and the report's periods both count with it (report/periods.ts re-exports it). */
export function addDaysTo(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}
