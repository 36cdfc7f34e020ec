/**
 * The report's HTML (decision 072): a form (GET, works without JavaScript), the table of
 * src/server/ledger/report.ts with its total, the SVG chart, and the outbox's state per destination
 * (issue 32: sent, pending, failed, expired, the latest error, the dead letter). Portuguese only, from
 * locales/report.pt.json; every value from the database is a text node or attribute React escapes.
 */
import { reportText as r } from "../../content/catalogue";
import type { DeadLetter, DestinationStats } from "../ledger/stats";
import { Chart } from "./Chart";
import { dimensionsOf, GROUPINGS, totalOf, type Dimension, type ReportRow } from "../ledger/report";
import type { ReportQuery } from "./range";

export interface ReportData {
  query: ReportQuery;
  rows: readonly ReportRow[];
  deliveries: readonly DestinationStats[];
  dead: readonly DeadLetter[];
  timeZone: string;
  csvHref: string;
}

const money = (value: Record<string, number>) =>
  Object.entries(value)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, amount]) => new Intl.NumberFormat("pt-BR", { style: "currency", currency }).format(amount))
    .join(" + ");

export const keyText = (row: ReportRow, d: Dimension) => row.key[d] ?? r("report.none");
const rowLabel = (dims: readonly Dimension[]) => (row: ReportRow) => dims.map((d) => keyText(row, d)).join(" · ");

export function ReportPage({ query, rows, deliveries, dead, timeZone, csvHref }: ReportData) {
  const dims = dimensionsOf(query.by);
  const total = totalOf(rows);
  return (
    <main>
      <h1>{r("report.title")}</h1>
      <p>{r("report.intro", { timeZone })}</p>
      <form method="get" action="/leads">
        <fieldset>
          <legend>{r("report.range")}</legend>
          <label>
            {r("report.from")} <input type="date" name="from" defaultValue={query.fromDay} required />
          </label>
          <label>
            {r("report.to")} <input type="date" name="to" defaultValue={query.toDay} required />
          </label>
          <label>
            {r("report.by")}{" "}
            <select name="by" defaultValue={query.by}>
              {GROUPINGS.map((g) => (
                <option key={g} value={g}>
                  {r(`report.by.${g}`)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit">{r("report.show")}</button>
        </fieldset>
      </form>
      <p>
        <a href={csvHref}>{r("report.csv")}</a>
      </p>
      {rows.length === 0 ? (
        <p>{r("report.empty")}</p>
      ) : (
        <>
          <Chart rows={rows} label={rowLabel(dims)} />
          <table>
            <thead>
              <tr>
                {dims.map((d) => (
                  <th key={d} scope="col">
                    {r(`report.col.${d}`)}
                  </th>
                ))}
                {(["leads", "qualified", "won", "value"] as const).map((c) => (
                  <th key={c} scope="col">
                    {r(`report.col.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i}>
                  {dims.map((d) => (
                    <td key={d}>{keyText(row, d)}</td>
                  ))}
                  <td>{row.leads}</td>
                  <td>{row.qualified}</td>
                  <td>{row.won}</td>
                  <td>{money(row.value)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={dims.length}>
                  {r("report.total")}
                </th>
                <td>{total.leads}</td>
                <td>{total.qualified}</td>
                <td>{total.won}</td>
                <td>{money(total.value)}</td>
              </tr>
            </tfoot>
          </table>
          <p>{r("report.qualifiedNote")}</p>
        </>
      )}
      <Deliveries deliveries={deliveries} dead={dead} />
    </main>
  );
}

function Deliveries({ deliveries, dead }: { deliveries: readonly DestinationStats[]; dead: readonly DeadLetter[] }) {
  const cols = ["sent", "pending", "failed", "expired"] as const;
  return (
    <section aria-labelledby="deliveries">
      <h2 id="deliveries">{r("report.deliveries.title")}</h2>
      {deliveries.length === 0 ? (
        <p>{r("report.deliveries.none")}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{r("report.deliveries.destination")}</th>
              {cols.map((c) => (
                <th key={c} scope="col">
                  {r(`report.deliveries.${c}`)}
                </th>
              ))}
              <th scope="col">{r("report.deliveries.lastError")}</th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((d) => (
              <tr key={d.destination}>
                <th scope="row">{d.destination}</th>
                {cols.map((c) => (
                  <td key={c}>{d[c]}</td>
                ))}
                <td>{d.lastError ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {dead.length > 0 && (
        <>
          <h3>{r("report.dead.title")}</h3>
          <table>
            <thead>
              <tr>
                {(["destination", "code", "event", "attempts", "at", "lastError"] as const).map((c) => (
                  <th key={c} scope="col">
                    {r(c === "destination" || c === "lastError" ? `report.deliveries.${c}` : `report.dead.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {dead.map((d, i) => (
                <tr key={i}>
                  <td>{d.destination}</td>
                  <td>{d.code}</td>
                  <td>{d.event}</td>
                  <td>{d.attempts}</td>
                  <td>{d.createdAt.toISOString()}</td>
                  <td>{d.lastError ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
