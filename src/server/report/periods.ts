/** Calendar arithmetic on `YYYY-MM-DD` strings (no zone: they are already days in TIME_ZONE). */
import type { Period } from "./dimensions";

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);

export function addDaysTo(day: string, n: number): string {
  const date = utc(day);
  date.setUTCDate(date.getUTCDate() + n);
  return iso(date);
}

export const daysBetween = (from: string, to: string) =>
  Math.round((utc(to).getTime() - utc(from).getTime()) / 86_400_000);

/** The last day of the period that starts at `start` (a Monday's week, a month `YYYY-MM`, a day). */
export function periodEnd(start: string, period: Period): string {
  if (period === "day") return start;
  if (period === "week") return addDaysTo(start, 6);
  const date = utc(`${start}-01`);
  date.setUTCMonth(date.getUTCMonth() + 1, 0);
  return iso(date);
}

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDaysTo(d, 1)) days.push(d);
  return days;
}
