/**
 * The report's tables as CSV a spreadsheet opens (issue 36 item 7, decision 093): UTF-8 with a BOM
 * (Excel reads it as UTF-8), CRLF lines, every cell quoted and formulas defused (`csvCell`); with
 * `?excel=br`, `;` between cells and decimal commas, as a Brazilian Excel expects. Numbers are
 * plain (no thousands separator, at most 4 decimals); money per currency in its own column.
 */
import { csvCell } from "../leads/csv";
import type { Dimension } from "./dimensions";
import { per, ratio, roas, type Money, type ReportRow } from "./model";

export const BOM = "\uFEFF";
export type CsvStyle = "plain" | "br";

export function csvWriter(style: CsvStyle) {
  const sep = style === "br" ? ";" : ",";
  const num = (x: number | null | undefined) => {
    if (x === null || x === undefined || !Number.isFinite(x)) return "";
    const text = String(Math.round(x * 10_000) / 10_000);
    return style === "br" ? text.replace(".", ",") : text;
  };
  const line = (cells: ReadonlyArray<string | null>) => cells.map(csvCell).join(sep);
  const file = (lines: string[]) => BOM + lines.join("\r\n") + "\r\n";
  return { num, line, file };
}

const currenciesOf = (rows: readonly ReportRow[], field: "value" | "cost") =>
  [...new Set(rows.flatMap((row) => Object.keys(row[field])))].sort();

export function breakdownCsv(
  rows: readonly ReportRow[],
  total: ReportRow,
  by: readonly Dimension[],
  label: (d: Dimension, row: ReportRow) => string,
  totalText: string,
  style: CsvStyle,
): string {
  const { num, line, file } = csvWriter(style);
  const values = currenciesOf([total], "value");
  const costs = currenciesOf([total], "cost");
  const header = [
    ...by.flatMap((d) => [d, `${d}_name`]),
    "leads",
    "qualified",
    "won",
    "rate_qualified",
    "rate_won",
    ...values.flatMap((c) => [`value_${c}`, `value_per_lead_${c}`]),
    ...costs.flatMap((c) => [
      `cost_${c}`,
      `cost_per_lead_${c}`,
      `cost_per_qualified_${c}`,
      `cost_per_won_${c}`,
      `roas_${c}`,
    ]),
  ];
  const at = (m: Money, c: string) => num(m[c]);
  const cells = (row: ReportRow) => {
    const r = roas(row.value, row.cost);
    return [
      num(row.leads),
      num(row.qualified),
      num(row.won),
      num(ratio(row.qualified, row.leads)),
      num(ratio(row.won, row.leads)),
      ...values.flatMap((c) => [at(row.value, c), at(per(row.value, row.leads), c)]),
      ...costs.flatMap((c) => [
        at(row.cost, c),
        at(per(row.cost, row.leads), c),
        at(per(row.cost, row.qualified), c),
        at(per(row.cost, row.won), c),
        num(r[c]),
      ]),
    ];
  };
  const lines = [line(header)];
  for (const row of rows) lines.push(line([...by.flatMap((d) => [row.key[d] ?? "", label(d, row)]), ...cells(row)]));
  lines.push(line([totalText, ...Array<string>(by.length * 2 - 1).fill(""), ...cells(total)]));
  return file(lines);
}
