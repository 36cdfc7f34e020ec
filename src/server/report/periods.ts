/** Calendar arithmetic on `YYYY-MM-DD` strings (no zone: they are already days in TIME_ZONE). */
import { addDaysTo } from "../ledger/days";
import type { Period } from "./dimensions";

export { addDaysTo };

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);

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

export const PRESETS = ["last7", "lastWeek", "last30", "lastMonth"] as const;
export type Preset = (typeof PRESETS)[number];

/** The periods a marketer asks for most (decision 108), from today (a day in TIME_ZONE): the last 7
 * and 30 days up to today, last week (Monday to Sunday) and last month, each then compared by the
 * headline with the period of the same length just before. */
export function presetRange(preset: Preset, today: string): { from: string; to: string } {
  switch (preset) {
    case "last7":
      return { from: addDaysTo(today, -6), to: today };
    case "last30":
      return { from: addDaysTo(today, -29), to: today };
    case "lastWeek": {
      const monday = addDaysTo(today, -((utc(today).getUTCDay() + 6) % 7));
      return { from: addDaysTo(monday, -7), to: addDaysTo(monday, -1) };
    }
    case "lastMonth": {
      const first = `${today.slice(0, 7)}-01`;
      const end = addDaysTo(first, -1);
      return { from: `${end.slice(0, 7)}-01`, to: end };
    }
  }
}

/** The period of the same length just before (what the headline compares with). */
export function previousRange(from: string, to: string): { from: string; to: string } {
  const length = daysBetween(from, to) + 1;
  return { from: addDaysTo(from, -length), to: addDaysTo(from, -1) };
}
