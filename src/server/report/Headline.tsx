/**
 * The period's headline numbers (issue 36 item 5, decision 094), each against the previous period
 * of the same length: leads, qualified, sales, cost per qualified lead and ROAS (per spend currency).
 */
import { reportText as r } from "../../content/catalogue";
import { count, DASH, money, percent, times } from "./format";
import { per, ratio, roas, type ReportRow } from "./model";

interface Card {
  name: string;
  now: string;
  /** The change against the previous period, as a ratio (null: nothing to compare). */
  change: number | null;
  before: string;
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
    },
    {
      name: "report.col.roas",
      now: Object.keys(roasNow).length ? times(roasNow) : DASH,
      change: rc && rNow !== null && roasBefore[rc] ? rNow / roasBefore[rc]! - 1 : null,
      before: Object.keys(roasBefore).length ? times(roasBefore) : DASH,
    },
  ];
}

export function Headline({ now, before }: { now: ReportRow; before: ReportRow }) {
  return (
    <section aria-labelledby="headline" className="headline">
      <h2 id="headline">{r("report.headline.title")}</h2>
      <dl className="cards">
        {cards(now, before).map((c) => (
          <div key={c.name} className="card">
            <dt>{r(c.name)}</dt>
            <dd className="big">{c.now}</dd>
            <dd className="delta">
              {c.change === null
                ? r("report.headline.before", { before: c.before })
                : r("report.headline.change", {
                    change: `${c.change > 0 ? "+" : ""}${percent(c.change)}`,
                    before: c.before,
                  })}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
