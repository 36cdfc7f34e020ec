/**
 * The period's headline numbers (issue 36 item 5, decisions 094 and 108), each against the previous
 * period of the same length, whose days are written under the heading: leads, qualified, sales, cost
 * per qualified lead and ROAS (per spend currency). A change reads with an arrow and, in colour and
 * in words for a screen reader, whether it is better (fewer cost per qualified lead is better).
 */
import { reportText as r } from "../../content/catalogue";
import { count, DASH, dayText, money, percent, times } from "./format";
import { per, ratio, roas, type ReportRow } from "./model";
import { previousRange } from "./periods";

interface Card {
  name: string;
  now: string;
  /** The change against the previous period, as a ratio (null: nothing to compare). */
  change: number | null;
  before: string;
  /** A rise is bad news (a cost). */
  lowerIsBetter?: boolean;
}

function Change({ card }: { card: Card }) {
  const { change, before } = card;
  if (change === null || Math.abs(change) < 0.0005)
    return <dd className="delta">{r("report.headline.before", { before })}</dd>;
  const better = change > 0 !== Boolean(card.lowerIsBetter);
  return (
    <dd className={`delta ${change > 0 ? "up" : "down"} ${better ? "better" : "worse"}`}>
      {r(better ? "report.headline.better" : "report.headline.worse", {
        change: `${change > 0 ? "+" : ""}${percent(change)}`,
        before,
      })}
    </dd>
  );
}

const change = (a: number, b: number) => (b > 0 ? a / b - 1 : null);
const firstOf = (x: Record<string, number>) => Object.entries(x).sort(([a], [b]) => a.localeCompare(b))[0];

function cards(now: ReportRow, before: ReportRow): Card[] {
  const countCard = (name: string, field: "leads" | "qualified" | "won"): Card => ({
    name,
    now: count(now[field]),
    change: change(now[field], before[field]),
    before: count(before[field]),
  });
  const cpq = per(now.cost, now.qualified);
  const cpqBefore = per(before.cost, before.qualified);
  const [currency, cpqNow] = firstOf(cpq) ?? [null, null];
  const roasNow = roas(now.value, now.cost);
  const roasBefore = roas(before.value, before.cost);
  const [rc, rNow] = firstOf(roasNow) ?? [null, null];
  return [
    countCard("report.col.leads", "leads"),
    countCard("report.col.qualified", "qualified"),
    countCard("report.col.won", "won"),
    {
      name: "report.col.costPerQualified",
      now: Object.keys(cpq).length ? money(cpq) : DASH,
      change: currency && cpqNow !== null && cpqBefore[currency] ? ratio(cpqNow, cpqBefore[currency]!)! - 1 : null,
      before: Object.keys(cpqBefore).length ? money(cpqBefore) : DASH,
      lowerIsBetter: true,
    },
    {
      name: "report.col.roas",
      now: Object.keys(roasNow).length ? times(roasNow) : DASH,
      change: rc && rNow !== null && roasBefore[rc] ? rNow / roasBefore[rc]! - 1 : null,
      before: Object.keys(roasBefore).length ? times(roasBefore) : DASH,
    },
  ];
}

export function Headline(props: { now: ReportRow; before: ReportRow; fromDay: string; toDay: string }) {
  const { now, before, fromDay, toDay } = props;
  const previous = previousRange(fromDay, toDay);
  return (
    <section aria-labelledby="headline" className="headline">
      <h2 id="headline">{r("report.headline.title")}</h2>
      <p className="period">
        {r("report.headline.period", {
          from: dayText(fromDay),
          to: dayText(toDay),
          previousFrom: dayText(previous.from),
          previousTo: dayText(previous.to),
        })}
      </p>
      <dl className="cards">
        {cards(now, before).map((c) => (
          <div key={c.name} className="card">
            <dt>{r(c.name)}</dt>
            <dd className="big">{c.now}</dd>
            <Change card={c} />
          </div>
        ))}
      </dl>
    </section>
  );
}
