/**
 * The report's chart, drawn on the server as SVG (no JavaScript): one group of three horizontal
 * bars per table row (leads, qualified, won), the longest bar the most leads. Labels are text nodes
 * React escapes, so a hostile campaign name is shown as text, never as markup.
 */
import { reportText } from "../../content/catalogue";
import type { ReportRow } from "../ledger/report";

export const CHART_ROWS = 12;
const LABEL_WIDTH = 260;
const BAR_WIDTH = 420;
const ROW_HEIGHT = 42;
const BAR_HEIGHT = 10;
const SERIES = [
  { field: "leads", className: "bar-leads" },
  { field: "qualified", className: "bar-qualified" },
  { field: "won", className: "bar-won" },
] as const;

export function Chart({ rows, label }: { rows: readonly ReportRow[]; label: (row: ReportRow) => string }) {
  const shown = rows.slice(0, CHART_ROWS);
  const max = Math.max(1, ...shown.map((r) => r.leads));
  const width = LABEL_WIDTH + BAR_WIDTH + 60;
  const height = shown.length * ROW_HEIGHT + 10;
  return (
    <figure>
      <svg
        role="img"
        aria-label={reportText("report.chart.label")}
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
      >
        {shown.map((row, i) => {
          const y = i * ROW_HEIGHT + 5;
          const name = label(row);
          return (
            <g key={i}>
              <text x={LABEL_WIDTH - 8} y={y + 20} textAnchor="end" className="chart-label">
                {name.length > 40 ? `${name.slice(0, 39)}…` : name}
              </text>
              {SERIES.map(({ field, className }, s) => (
                <g key={field}>
                  <rect
                    x={LABEL_WIDTH}
                    y={y + s * (BAR_HEIGHT + 2)}
                    width={Math.round((row[field] / max) * BAR_WIDTH)}
                    height={BAR_HEIGHT}
                    className={className}
                  />
                  <text
                    x={LABEL_WIDTH + Math.round((row[field] / max) * BAR_WIDTH) + 4}
                    y={y + s * (BAR_HEIGHT + 2) + BAR_HEIGHT - 1}
                    className="chart-value"
                  >
                    {row[field]}
                  </text>
                </g>
              ))}
            </g>
          );
        })}
      </svg>
      <figcaption>{reportText("report.chart.title", { count: shown.length })}</figcaption>
    </figure>
  );
}
