/**
 * "Today" and "this year" in the configured TIME_ZONE, taken per request (never at build time and
 * never in the browser, so a page hydrated at midnight or New Year cannot disagree with itself).
 */
const partsFormats = new Map<string, Intl.DateTimeFormat>();

function parts(
  now: Date,
  timeZone: string,
): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  let f = partsFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    partsFormats.set(timeZone, f);
  }
  const out: Record<string, number> = {};
  for (const p of f.formatToParts(now)) if (p.type !== "literal") out[p.type] = Number(p.value);
  return out as ReturnType<typeof parts>;
}

export interface Today {
  year: number;
  /** pt-BR numeric date, dd/mm/aaaa, as toLocaleDateString('pt-BR') writes it. */
  ptBr: string;
  /** YYYY-MM-DD, a stable key for caches. */
  iso: string;
}

export function today(now: Date, timeZone: string): Today {
  return todayFrom(parts(now, timeZone));
}

function todayFrom({ year, month, day }: ReturnType<typeof parts>): Today {
  const dd = String(day).padStart(2, "0");
  const mm = String(month).padStart(2, "0");
  return { year, ptBr: `${dd}/${mm}/${year}`, iso: `${year}-${mm}-${dd}` };
}

/** Seconds from `now` until the next midnight in `timeZone` (at least 1). */
export function secondsUntilMidnight(now: Date, timeZone: string): number {
  return secondsLeftFrom(parts(now, timeZone));
}

function secondsLeftFrom({ hour, minute, second }: ReturnType<typeof parts>): number {
  const elapsed = hour * 3600 + minute * 60 + second;
  // Days are 86,400 s except across a DST change; where the zone has none (São Paulo since 2019)
  // this is exact, elsewhere it errs by at most an hour on one night a year.
  return Math.max(1, 86_400 - elapsed);
}

export interface Day {
  today: Today;
  /** Whole seconds certainly left until the next midnight (0 in the day's last second). */
  secondsLeft: number;
}

let lastDay: { second: number; timeZone: string; day: Day; partway: Day } | undefined;

/**
 * today() and secondsUntilMidnight() from one reading of the clock. Both change at most once a
 * second, so the result is reused within the same second (formatting a date in a time zone is
 * the costliest step of serving a cached page).
 */
export function dayOf(now: Date, timeZone: string): Day {
  const second = Math.floor(now.getTime() / 1000);
  if (!lastDay || lastDay.second !== second || lastDay.timeZone !== timeZone) {
    const p = parts(now, timeZone);
    const day = { today: todayFrom(p), secondsLeft: secondsLeftFrom(p) };
    lastDay = { second, timeZone, day, partway: { ...day, secondsLeft: day.secondsLeft - 1 } };
  }
  // Part of this second has gone: one whole second fewer is left. Rounded up, a cache would keep
  // today's page up to a second into tomorrow (decision 019).
  return now.getTime() % 1000 === 0 ? lastDay.day : lastDay.partway;
}
