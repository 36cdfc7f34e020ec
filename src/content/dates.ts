/**
 * "Today" and "this year" in the configured TIME_ZONE, taken per request (never at build time and
 * never in the browser, so a page hydrated at midnight or New Year cannot disagree with itself).
 * date-fns does the calendar work, @date-fns/tz the time zone (the design card's choice).
 */
import { TZDate } from "@date-fns/tz";
import { addDays, format, startOfDay } from "date-fns";
import { ptBR } from "date-fns/locale/pt-BR";

/** TIME_ZONE's default: the site's days (pages, the report, pruned leads) are São Paulo's. */
export const DEFAULT_TIME_ZONE = "America/Sao_Paulo";

export interface Today {
  year: number;
  /** pt-BR numeric date, dd/mm/aaaa, as toLocaleDateString('pt-BR') writes it. */
  ptBr: string;
  /** YYYY-MM-DD, a stable key for caches. */
  iso: string;
}

export interface Day {
  today: Today;
  /** Whole seconds certainly left until the next midnight (0 in the day's last second). */
  secondsLeft: number;
}

let lastDay: { second: number; timeZone: string; day: Day; partway: Day } | undefined;

/**
 * Today's date and the seconds left in it, from one reading of the clock. Both change at most once
 * a second, so the result is reused within the same second (working out a date in a time zone is
 * the costliest step of serving a cached page).
 */
export function dayOf(now: Date, timeZone: string): Day {
  const second = Math.floor(now.getTime() / 1000);
  if (!lastDay || lastDay.second !== second || lastDay.timeZone !== timeZone) {
    const local = new TZDate(second * 1000, timeZone);
    const nextMidnight = startOfDay(addDays(local, 1));
    const day: Day = {
      today: {
        year: local.getFullYear(),
        ptBr: format(local, "P", { locale: ptBR }),
        iso: format(local, "yyyy-MM-dd"),
      },
      secondsLeft: (nextMidnight.getTime() - local.getTime()) / 1000,
    };
    lastDay = { second, timeZone, day, partway: { ...day, secondsLeft: day.secondsLeft - 1 } };
  }
  // Part of this second has gone: one whole second fewer is left. Rounded up, a cache would keep
  // today's page up to a second into tomorrow (decision 019).
  return now.getTime() % 1000 === 0 ? lastDay.day : lastDay.partway;
}
