/**
 * The report's HTML (decisions 072, 092, 094): sections in the order a marketer reads them (the
 * period's form, the headline numbers against the previous period, the chart over time, the
 * breakdown's chart and table, then the spend import and the deliveries). A feature adds its own
 * section through `sections` (e.g. experiments). Portuguese only, from locales/report.pt.json;
 * every value from the database is a text node or attribute React escapes.
 */
import type { ReactNode } from "react";
import { reportText as r } from "../../content/catalogue";
import { BarChart } from "./BarChart";
import { BreakdownTable, SortLinks } from "./BreakdownTable";
import type { Cut } from "./cap";
import { CutNotice } from "./CutNotice";
import { DIMENSIONS, FIELDS, type Dimension } from "./dimensions";
import { Headline } from "./Headline";
import { drillHref, href, paramsOf } from "./links";
import { topRows, valueLabel, type ReportRow } from "./model";
import { PRESETS, presetRange } from "./periods";
import type { ReportQuery } from "./range";
import { firstByMetric, type Metric } from "./sort";
import { TimeChart, type TimePoint } from "./TimeChart";

/** The most rows the page's table draws; the CSV has every row. */
export const TABLE_ROWS = 100;

export interface ReportView {
  path: string;
  query: ReportQuery;
  /** The period asked, when the breakdown covers only its last days (decision 129). */
  cut?: Cut | null;
  rows: readonly ReportRow[];
  total: ReportRow;
  previous: ReportRow;
  series: readonly TimePoint[];
  /** Campaign and ad names from the imported spend, by id. */
  names: ReadonlyMap<string, string>;
  timeZone: string;
  /** A line to confirm what the marketer just did (an import). */
  notice?: string;
  /** Today in TIME_ZONE (`YYYY-MM-DD`), for the preset periods. */
  today: string;
  csvHref: string;
  exportHref: string;
  /** The sections after the breakdown (spend import, deliveries, experiments…). */
  sections: readonly ReactNode[];
}

function Filters({ path, query, names }: Pick<ReportView, "path" | "query" | "names">) {
  const active = FIELDS.filter((f) => f in query.filters);
  if (active.length === 0) return null;
  return (
    <ul className="filters" aria-label={r("report.filters")}>
      {active.map((f) => {
        const params = paramsOf(query);
        delete params[f];
        return (
          <li key={f}>
            {r(`report.dim.${f}`)}: {valueLabel(f, query.filters[f], names)}{" "}
            <a href={href(path, params)}>{r("report.filters.remove")}</a>
          </li>
        );
      })}
    </ul>
  );
}

/** Last 7 days, last week, last 30 days, last month: links keeping the breakdown, filters and order. */
function Presets({ path, query, today }: Pick<ReportView, "path" | "query" | "today">) {
  return (
    <nav className="presets" aria-label={r("report.presets")}>
      <ul>
        {PRESETS.map((p) => {
          const range = presetRange(p, today);
          const current = range.from === query.fromDay && range.to === query.toDay;
          const name = r(`report.presets.${p}`);
          return (
            <li key={p}>
              {current ? (
                <strong aria-current="true">{name}</strong>
              ) : (
                <a href={href(path, { ...paramsOf(query), ...range })}>{name}</a>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The table's rows in the asked order: at most `TABLE_ROWS`, the first of that order. */
export function tableRows(rows: readonly ReportRow[], sort: Metric | undefined): readonly ReportRow[] {
  return sort ? firstByMetric(rows, sort, TABLE_ROWS) : topRows(rows, TABLE_ROWS);
}

function QueryForm({ path, query }: Pick<ReportView, "path" | "query">) {
  const [first, second] = query.by;
  const options = (none: boolean) => [
    ...(none
      ? [
          <option key="" value="">
            {r("report.by.none")}
          </option>,
        ]
      : []),
    ...DIMENSIONS.map((d) => (
      <option key={d} value={d}>
        {r(`report.dim.${d}`)}
      </option>
    )),
  ];
  return (
    <form method="get" action={path} className="query">
      {FIELDS.filter((f) => f in query.filters).map((f) => (
        <input key={f} type="hidden" name={f} value={query.filters[f] ?? ""} />
      ))}
      {query.sort && <input type="hidden" name="sort" value={query.sort} />}
      <label>
        {r("report.from")} <input type="date" name="from" defaultValue={query.fromDay} required />
      </label>
      <label>
        {r("report.to")} <input type="date" name="to" defaultValue={query.toDay} required />
      </label>
      <label>
        {r("report.by")}{" "}
        <select name="by" defaultValue={first}>
          {options(false)}
        </select>
      </label>
      <label>
        {r("report.then")}{" "}
        <select name="by" defaultValue={second ?? ""}>
          {options(true)}
        </select>
      </label>
      <button type="submit">{r("report.show")}</button>
    </form>
  );
}

export function ReportPage(view: ReportView) {
  const { path, query, rows, total, previous, series, names, timeZone, today, csvHref, exportHref, sections } = view;
  const label = (d: Dimension, row: ReportRow) => valueLabel(d, row.key[d], names);
  const shown = tableRows(rows, query.sort);
  const sortHref = (m: Metric | null) => {
    const params = paramsOf(query);
    if (m) params.sort = m;
    else delete params.sort;
    return `${href(path, params)}#order`;
  };
  const title = r("report.breakdown", { by: query.by.map((d) => r(`report.dim.${d}`)).join(" › ") });
  return (
    <main>
      <header>
        {view.notice && (
          <p role="status" className="notice">
            {view.notice}
          </p>
        )}
        <h1>{r("report.title")}</h1>
        <p className="intro">{r("report.intro", { timeZone })}</p>
        <QueryForm path={path} query={query} />
        <Presets path={path} query={query} today={today} />
        <Filters path={path} query={query} names={names} />
        {view.cut && <CutNotice path={path} query={query} cut={view.cut} />}
      </header>
      <Headline now={total} before={previous} fromDay={query.fromDay} toDay={query.toDay} />
      {total.leads === 0 && Object.keys(total.cost).length === 0 ? (
        <p>{r("report.empty")}</p>
      ) : (
        <>
          <section aria-labelledby="time">
            <h2 id="time">{r("report.time.heading")}</h2>
            <TimeChart points={series} id="time-chart" />
          </section>
          <section aria-labelledby="breakdown">
            <h2 id="breakdown">{title}</h2>
            <BarChart rows={rows} lines={(row) => query.by.map((d) => label(d, row))} id="bar-chart" />
            <SortLinks sort={query.sort} sortHref={sortHref} />
            <BreakdownTable
              by={query.by}
              rows={shown}
              total={total}
              label={label}
              drill={(row) => drillHref(path, query, row.key)}
              title={title}
              sort={query.sort}
              sortHref={sortHref}
            />
            {shown.length < rows.length && (
              <p className="more">
                {r("report.table.more", { shown: shown.length, count: rows.length, more: rows.length - shown.length })}{" "}
                <a href={csvHref}>{r("report.table.csv")}</a>
              </p>
            )}
            <p className="note">{r("report.qualifiedNote")}</p>
            <p className="downloads">
              <a href={csvHref}>{r("report.csv")}</a> · <a href={`${csvHref}&excel=br`}>{r("report.csv.excel")}</a> ·{" "}
              <a href={exportHref}>{r("report.export")}</a>
            </p>
          </section>
        </>
      )}
      {sections}
    </main>
  );
}
