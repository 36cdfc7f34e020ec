/**
 * The breakdown's table (issue 36 items 1–3, decisions 094 and 108): per row its dimensions (the
 * first a link to its drill-down; long names clamped to two lines, the whole name in a tooltip and
 * in the drill-down's filter), leads, qualified, sales, cost, cost per qualified lead and ROAS first,
 * then the rates, value, value per lead, cost per lead and per sale. Each column's heading is a link
 * that sorts by it (links, no script). On a desk it scrolls inside its own box with the names held
 * at the left; on a phone each row is a card of labelled numbers (CSS only: `data-label`).
 */
import { reportText as r } from "../../content/catalogue";
import { ScrollBox } from "./ScrollBox";
import type { Dimension } from "./dimensions";
import { count, DASH, money, percent, times } from "./format";
import { per, ratio, roas, type ReportRow } from "./model";
import { ASCENDING, METRICS, type Metric } from "./sort";

export { METRICS, type Metric };

const orDash = (text: string) => text || DASH;

export function metricText(row: ReportRow, m: Metric): string {
  switch (m) {
    case "leads":
    case "qualified":
    case "won":
      return count(row[m]);
    case "rateQualified":
      return percent(ratio(row.qualified, row.leads));
    case "rateWon":
      return percent(ratio(row.won, row.leads));
    case "value":
      return orDash(money(row.value));
    case "valuePerLead":
      return orDash(money(per(row.value, row.leads)));
    case "cost":
      return orDash(money(row.cost));
    case "costPerLead":
      return orDash(money(per(row.cost, row.leads)));
    case "costPerQualified":
      return orDash(money(per(row.cost, row.qualified)));
    case "costPerWon":
      return orDash(money(per(row.cost, row.won)));
    case "roas":
      return orDash(times(roas(row.value, row.cost)));
  }
}

/** The columns the "order by" line offers (every heading is a link as well). */
export const SORT_LINKS: readonly Metric[] = ["leads", "qualified", "won", "cost", "costPerQualified", "roas"];

/** On a phone the main columns are a card's big numbers, the others its smaller lines. */
const cellClass = (m: Metric) => (SORT_LINKS.includes(m) ? "num key" : "num more");

const direction = (m: Metric) => (ASCENDING.has(m) ? "ascending" : "descending");

/** "Ordenar por": the main columns as links, the current one marked. */
export function SortLinks({ sort, sortHref }: { sort?: Metric; sortHref: (m: Metric | null) => string }) {
  return (
    <nav className="sort-by" id="order" aria-label={r("report.sort")}>
      <span>{r("report.sort")}</span>
      <ul>
        {[null, ...SORT_LINKS].map((m) => {
          const name = m
            ? r(`report.sort.${direction(m)}`, { column: r(`report.sort.${m}`) })
            : r("report.sort.default");
          const current = (m ?? undefined) === sort;
          return (
            <li key={m ?? ""}>
              {current ? <strong aria-current="true">{name}</strong> : <a href={sortHref(m)}>{name}</a>}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function BreakdownTable(props: {
  by: readonly Dimension[];
  rows: readonly ReportRow[];
  total: ReportRow;
  label: (d: Dimension, row: ReportRow) => string;
  drill: (row: ReportRow) => string | null;
  title: string;
  sort?: Metric;
  sortHref: (m: Metric) => string;
}) {
  const { by, rows, total, label, drill, sort, sortHref } = props;
  return (
    <ScrollBox name={props.title} className="rows">
      <table className="breakdown">
        <thead>
          <tr>
            {by.map((d) => (
              <th key={d} scope="col" className="name">
                {r(`report.dim.${d}`)}
              </th>
            ))}
            {METRICS.map((m) => (
              <th key={m} scope="col" className="num" aria-sort={m === sort ? direction(m) : undefined}>
                <a href={sortHref(m)}>{r(`report.col.${m}`)}</a>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => {
            const link = drill(row);
            return (
              <tr key={i}>
                {by.map((d, j) => {
                  const name = label(d, row);
                  return (
                    <th key={d} scope="row" className="name">
                      <span className="clamp" title={name}>
                        {j === 0 && link ? <a href={link}>{name}</a> : name}
                      </span>
                    </th>
                  );
                })}
                {METRICS.map((m) => (
                  <td key={m} className={cellClass(m)} data-label={r(`report.col.${m}`)}>
                    {metricText(row, m)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={by.length} className="name">
              {r("report.total")}
            </th>
            {METRICS.map((m) => (
              <td key={m} className={cellClass(m)} data-label={r(`report.col.${m}`)}>
                {metricText(total, m)}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </ScrollBox>
  );
}
