/**
 * The breakdown's chart (issue 36 item 4, decision 094): for the rows with most leads, a label on
 * its own line (never clipped: the full text is the line, cut only past 60 characters with the
 * whole name in a <title>) and three bars (leads, qualified, sales), every bar on the same scale:
 * the largest row's leads fill the width. Drawn on the server as SVG with percentage widths, so it
 * fits any screen without scaling its text; a legend, a title and a text alternative.
 */
import { reportText as r } from "../../content/catalogue";
import { count } from "./format";
import type { ReportRow } from "./model";

export const CHART_ROWS = 12;
export const SERIES = [
  { field: "leads", className: "s-leads", label: "report.col.leads" },
  { field: "qualified", className: "s-qualified", label: "report.col.qualified" },
  { field: "won", className: "s-won", label: "report.col.won" },
] as const;
const LABEL = 22;
const BAR = 12;
const GAP = 3;
const ROW = LABEL + SERIES.length * (BAR + GAP) + 10;
/** The longest bar, in percent of the width: the rest holds its number. */
const FULL = 84;
const MAX_LABEL = 60;

export function Legend({ spend = false }: { spend?: boolean }) {
  return (
    <ul className="legend">
      {SERIES.map((s) => (
        <li key={s.field}>
          <span className={`swatch ${s.className}`} aria-hidden="true" />
          {r(s.label)}
        </li>
      ))}
      {spend && (
        <li>
          <span className="swatch s-cost" aria-hidden="true" />
          {r("report.col.cost")}
        </li>
      )}
    </ul>
  );
}

export function BarChart({
  rows,
  label,
  id,
}: {
  rows: readonly ReportRow[];
  label: (row: ReportRow) => string;
  id: string;
}) {
  const shown = rows.slice(0, CHART_ROWS);
  const max = Math.max(1, ...shown.map((row) => row.leads));
  const height = shown.length * ROW;
  const top = shown[0];
  const summary = top
    ? r("report.bars.summary", { count: shown.length, top: label(top), leads: top.leads })
    : r("report.empty");
  return (
    <figure className="chart">
      <figcaption id={`${id}-title`}>{r("report.bars.title", { count: shown.length })}</figcaption>
      <Legend />
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        width="100%"
        height={height}
        className="bars"
        focusable="false"
      >
        <title>{r("report.bars.title", { count: shown.length })}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {shown.map((row, i) => {
          const y = i * ROW;
          const name = label(row);
          return (
            <g key={i}>
              <text x="0" y={y + 15} className="chart-label">
                {name.length > MAX_LABEL ? `${name.slice(0, MAX_LABEL - 1)}…` : name}
                {name.length > MAX_LABEL && <title>{name}</title>}
              </text>
              {SERIES.map(({ field, className }, s) => {
                const pct = (row[field] / max) * FULL;
                const by = y + LABEL + s * (BAR + GAP);
                return (
                  <g key={field}>
                    <rect x="0" y={by} width={`${pct.toFixed(2)}%`} height={BAR} className={className} />
                    <text x={`${pct.toFixed(2)}%`} dx="4" y={by + BAR - 1} className="chart-value">
                      {count(row[field])}
                    </text>
                  </g>
                );
              })}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
