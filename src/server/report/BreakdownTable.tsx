/**
 * The breakdown's table (issue 36 items 1–3): per row its dimensions (the first a link to its
 * drill-down), leads, qualified, sales, the two rates, value and value per lead per currency, and
 * with spend its cost, cost per lead, per qualified lead, per sale and ROAS. It scrolls inside its
 * own box on a narrow screen (the page never does).
 */
import { reportText as r } from "../../content/catalogue";
import { ScrollBox } from "./ScrollBox";
import type { Dimension } from "./dimensions";
import { count, DASH, money, percent, times } from "./format";
import { per, ratio, roas, type ReportRow } from "./model";

export const METRICS = [
  "leads",
  "qualified",
  "won",
  "rateQualified",
  "rateWon",
  "value",
  "valuePerLead",
  "cost",
  "costPerLead",
  "costPerQualified",
  "costPerWon",
  "roas",
] as const;
export type Metric = (typeof METRICS)[number];

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

export function BreakdownTable(props: {
  by: readonly Dimension[];
  rows: readonly ReportRow[];
  total: ReportRow;
  label: (d: Dimension, row: ReportRow) => string;
  drill: (row: ReportRow) => string | null;
  title: string;
}) {
  const { by, rows, total, label, drill } = props;
  return (
    <ScrollBox name={props.title}>
      <table>
        <thead>
          <tr>
            {by.map((d) => (
              <th key={d} scope="col">
                {r(`report.dim.${d}`)}
              </th>
            ))}
            {METRICS.map((m) => (
              <th key={m} scope="col" className="num">
                {r(`report.col.${m}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => {
            const link = drill(row);
            return (
              <tr key={i}>
                {by.map((d, j) => (
                  <th key={d} scope="row" className="name">
                    {j === 0 && link ? <a href={link}>{label(d, row)}</a> : label(d, row)}
                  </th>
                ))}
                {METRICS.map((m) => (
                  <td key={m} className="num">
                    {metricText(row, m)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={by.length}>
              {r("report.total")}
            </th>
            {METRICS.map((m) => (
              <td key={m} className="num">
                {metricText(total, m)}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </ScrollBox>
  );
}
