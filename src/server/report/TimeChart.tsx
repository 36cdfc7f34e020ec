/**
 * The period over time (issue 36 item 4, decision 094): leads, qualified and sales per day (per
 * week past 62 days) as grouped columns on one scale, and, when spend was imported, its cost as a
 * line on its own scale (labelled at the right). Axes: the counts' gridlines labelled at the left,
 * the first, middle and last bucket's date below. SVG in percentages (see BarChart), a legend, a
 * title and a text alternative; no JavaScript.
 */
import { reportText as r } from "../../content/catalogue";
import { Legend, SERIES } from "./BarChart";
import { count, moneyText } from "./format";
import type { ReportRow } from "./model";

const HEIGHT = 200;
const TOP = 18;
const AXIS = 22;
const PLOT = HEIGHT - TOP - AXIS;

export interface TimePoint {
  row: ReportRow;
  label: string;
}

/** The cost's currency drawn: the one spent most over the period (others are in the table). */
const mainCurrency = (points: readonly TimePoint[]): string | null => {
  const sums = new Map<string, number>();
  for (const { row } of points) for (const [c, v] of Object.entries(row.cost)) sums.set(c, (sums.get(c) ?? 0) + v);
  return [...sums].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
};

const pct = (x: number) => `${x.toFixed(3)}%`;

/** The counts' scale: whole gridlines at a round step (1, 2, 5, 10, 20, 25, 50…), at most four above 0. */
export function countScale(max: number): { top: number; step: number } {
  for (let power = 1; ; power *= 10)
    for (const base of [1, 2, 2.5, 5]) {
      const step = base * power;
      if (Number.isInteger(step) && Math.ceil(max / step) <= 4)
        return { top: Math.max(1, Math.ceil(max / step)) * step, step };
    }
}

export function TimeChart({ points, id }: { points: readonly TimePoint[]; id: string }) {
  const n = Math.max(1, points.length);
  const { top: max, step } = countScale(Math.max(1, ...points.map((p) => p.row.leads)));
  const gridlines = Array.from({ length: max / step + 1 }, (_, k) => k * step);
  const currency = mainCurrency(points);
  const maxCost = currency ? Math.max(...points.map((p) => p.row.cost[currency] ?? 0)) : 0;
  const y = (v: number) => TOP + PLOT - (v / max) * PLOT;
  const yCost = (v: number) => TOP + PLOT - (maxCost > 0 ? (v / maxCost) * PLOT : 0);
  const slot = 100 / n;
  const bar = (slot * 0.8) / SERIES.length;
  const total = points.reduce((s, p) => s + p.row.leads, 0);
  const peak = points.reduce<TimePoint | null>((a, p) => (!a || p.row.leads > a.row.leads ? p : a), null);
  const ticks = [...new Set([0, Math.floor((n - 1) / 2), n - 1])].filter((i) => i < points.length);
  return (
    <figure className="chart">
      <figcaption id={`${id}-title`}>{r("report.time.title")}</figcaption>
      <Legend spend={currency !== null} />
      <svg role="img" aria-labelledby={`${id}-title ${id}-desc`} width="100%" height={HEIGHT} focusable="false">
        <title>{r("report.time.title")}</title>
        <desc id={`${id}-desc`}>
          {peak
            ? r("report.time.summary", { leads: total, buckets: points.length, peak: peak.label, most: peak.row.leads })
            : r("report.empty")}
        </desc>
        {gridlines.map((v) => (
          <line key={v} x1="0" x2="100%" y1={y(v)} y2={y(v)} className="grid" />
        ))}
        {points.map(({ row }, i) =>
          SERIES.map(({ field, className }, s) => (
            <rect
              key={`${i}-${field}`}
              x={pct(i * slot + slot * 0.1 + s * bar)}
              y={y(row[field])}
              width={pct(bar)}
              height={Math.max(0, TOP + PLOT - y(row[field]))}
              className={className}
            />
          )),
        )}
        {currency &&
          maxCost > 0 &&
          points
            .slice(1)
            .map(({ row }, i) => (
              <line
                key={i}
                x1={pct(i * slot + slot / 2)}
                x2={pct((i + 1) * slot + slot / 2)}
                y1={yCost(points[i].row.cost[currency] ?? 0)}
                y2={yCost(row.cost[currency] ?? 0)}
                className="cost-line"
              />
            ))}
        {/* The axes' labels over the bars, each on a white halo. */}
        {gridlines.slice(1).map((v) => (
          <text key={v} x="0" y={y(v) - 3} className="chart-axis">
            {count(v)}
          </text>
        ))}
        {currency && maxCost > 0 && (
          <text x="100%" y={yCost(maxCost) - 5} textAnchor="end" className="chart-axis cost-axis">
            {moneyText(currency, maxCost)}
          </text>
        )}
        {ticks.map((i, k) => (
          <text
            key={i}
            x={pct(k === 0 ? 0 : i === n - 1 ? 100 : i * slot + slot / 2)}
            y={HEIGHT - 5}
            textAnchor={k === 0 ? "start" : i === n - 1 ? "end" : "middle"}
            className="chart-axis"
          >
            {points[i].label}
          </text>
        ))}
      </svg>
    </figure>
  );
}
