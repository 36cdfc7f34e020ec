/**
 * The two platforms' spend reports, read strictly (issue 36 item 3, decision 093): Google Ads'
 * downloaded report (a title line and a date-range line, then the header; "Total: …" lines at the
 * end) and Ads Manager's exported table (the header first), both by day. Every column must be one
 * this file knows (a metric it does not use is allowed and ignored); every cost a plain number,
 * every day a date, every currency ISO 4217; a cell that a spreadsheet would run as a formula is
 * refused. The first problem is returned with its line and column, and nothing of the file is used.
 */
import { readCsv } from "./csvRecords";

export type SpendSource = "google" | "meta";
export const SPEND_SOURCES: readonly SpendSource[] = ["google", "meta"];
export const MAX_SPEND_BYTES = 5 * 1024 * 1024;

export interface SpendRow {
  day: string;
  campaignId: string | null;
  campaignName: string | null;
  /** Google's ad group, Meta's ad set. */
  groupId: string | null;
  groupName: string | null;
  adId: string | null;
  adName: string | null;
  currency: string;
  cost: number;
}

export type SpendProblem =
  | "size"
  | "encoding"
  | "quote"
  | "header"
  | "unknownColumn"
  | "missingColumn"
  | "cells"
  | "formula"
  | "day"
  | "number"
  | "currency"
  | "daily"
  | "empty";

export interface SpendError {
  problem: SpendProblem;
  line?: number;
  column?: string;
}

type Role = keyof SpendRow | "start" | "end" | "costMicros" | "ignore";

const GOOGLE: Record<string, Role> = {
  day: "day",
  dia: "day",
  "campaign id": "campaignId",
  "id da campanha": "campaignId",
  campaign: "campaignName",
  campanha: "campaignName",
  "ad group id": "groupId",
  "id do grupo de anúncios": "groupId",
  "ad group": "groupName",
  "grupo de anúncios": "groupName",
  "ad id": "adId",
  "id do anúncio": "adId",
  "currency code": "currency",
  "código da moeda": "currency",
  cost: "cost",
  custo: "cost",
  // The same columns as a Google Ads Script or the Google Ads API names them (GAQL fields; the cost in
  // millionths): what `AdsApp.report(…)` rows are keyed by (docs/leads.md).
  "segments.date": "day",
  "campaign.id": "campaignId",
  "campaign.name": "campaignName",
  "ad_group.id": "groupId",
  "ad_group.name": "groupName",
  "ad_group_ad.ad.id": "adId",
  "customer.currency_code": "currency",
  "metrics.cost_micros": "costMicros",
};
const GOOGLE_IGNORED = [
  "impr.",
  "clicks",
  "conversions",
  "ctr",
  "avg. cpc",
  "account",
  "customer id",
  "campaign type",
  "campaign status",
  "ad group status",
  "status",
  "ad type",
  "impressões",
  "cliques",
  "conversões",
  "customer.id",
  "customer.descriptive_name",
  "metrics.impressions",
  "metrics.clicks",
  "metrics.conversions",
  "metrics.conversions_value",
];

const META: Record<string, Role> = {
  day: "day",
  dia: "day",
  "reporting starts": "start",
  "início dos relatórios": "start",
  "reporting ends": "end",
  "encerramento dos relatórios": "end",
  "campaign id": "campaignId",
  "identificação da campanha": "campaignId",
  "campaign name": "campaignName",
  "nome da campanha": "campaignName",
  "ad set id": "groupId",
  "identificação do conjunto de anúncios": "groupId",
  "ad set name": "groupName",
  "nome do conjunto de anúncios": "groupName",
  "ad id": "adId",
  "identificação do anúncio": "adId",
  "ad name": "adName",
  "nome do anúncio": "adName",
  currency: "currency",
  moeda: "currency",
  "amount spent": "cost",
  "valor usado": "cost",
  // The Marketing API's Insights fields (`level=ad&time_increment=1`), for a script or a cron.
  date_start: "start",
  date_stop: "end",
  campaign_id: "campaignId",
  campaign_name: "campaignName",
  adset_id: "groupId",
  adset_name: "groupName",
  ad_id: "adId",
  ad_name: "adName",
  account_currency: "currency",
  spend: "cost",
};
const META_IGNORED = [
  "impressions",
  "reach",
  "frequency",
  "results",
  "result indicator",
  "cost per result",
  "link clicks",
  "clicks (all)",
  "ctr (all)",
  "cpm (cost per 1,000 impressions)",
  "cpc (cost per link click)",
  "attribution setting",
  "campaign delivery",
  "ad set delivery",
  "ad delivery",
  "ad set budget",
  "ad set budget type",
  "starts",
  "ends",
  "account id",
  "account name",
  "impressões",
  "alcance",
  "frequência",
  "resultados",
  "custo por resultado",
  "account_id",
  "account_name",
  "clicks",
]; // "impressions" and "reach" are both Ads Manager's columns and Insights fields.

const CURRENCIES = new Set(Intl.supportedValuesOf("currency"));
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const NUMBER = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,6})?$/;
const FORMULA = /^[=+\-@\t\r]/;

const isDay = (s: string) => {
  const m = DAY.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
};

/** A header's role: a known column, a known metric (ignored), or null. `(BRL)` names a currency. */
function roleOf(source: SpendSource, header: string): { role: Role; currency?: string } | null {
  const name = header.trim().toLowerCase();
  const suffix = /^(.*?) \(([a-z]{3})\)$/.exec(name);
  const base = suffix ? suffix[1] : name;
  const table = source === "google" ? GOOGLE : META;
  const ignored = source === "google" ? GOOGLE_IGNORED : META_IGNORED;
  if (table[base]) return { role: table[base], currency: suffix?.[2].toUpperCase() };
  return ignored.includes(base) ? { role: "ignore" } : null;
}

export function parseSpend(source: SpendSource, body: Buffer): { rows: SpendRow[] } | { error: SpendError } {
  if (body.length > MAX_SPEND_BYTES) return { error: { problem: "size" } };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    return { error: { problem: "encoding" } };
  }
  const read = readCsv(text);
  if ("error" in read) return { error: { problem: "quote", line: read.error.line } };
  const records = read.records;
  // Google's title and date-range lines come before the header (the first line with a day column).
  let h = 0;
  if (source === "google") {
    const found = records.slice(0, 5).findIndex((r) => r.cells.some((c) => roleOf(source, c)?.role === "day"));
    h = Math.max(0, found);
  }
  const header = records[h];
  if (!header) return { error: { problem: "empty" } };
  const roles: Array<{ role: Role; currency?: string }> = [];
  for (const [i, name] of header.cells.entries()) {
    const role = roleOf(source, name);
    if (!role || (role.role !== "ignore" && roles.some((r) => r.role === role.role)))
      return { error: { problem: "unknownColumn", line: header.line, column: name.slice(0, 60) || `#${i + 1}` } };
    roles.push(role);
  }
  const has = (role: Role) => roles.some((r) => r.role === role);
  const costCurrency = roles.find((r) => r.role === "cost")?.currency;
  if (has("cost") && has("costMicros"))
    return { error: { problem: "unknownColumn", line: header.line, column: "metrics.cost_micros" } };
  for (const needed of [
    has("costMicros") ? "costMicros" : "cost",
    source === "google" || has("day") ? "day" : "start",
  ] as Role[])
    if (!has(needed)) return { error: { problem: "missingColumn", line: header.line, column: needed } };
  if (!has("currency") && !costCurrency)
    return { error: { problem: "missingColumn", line: header.line, column: "currency" } };
  if (!has("campaignId") && !has("campaignName"))
    return { error: { problem: "missingColumn", line: header.line, column: "campaign" } };

  const rows: SpendRow[] = [];
  for (const { line, cells } of records.slice(h + 1)) {
    if (source === "google" && /^total:/i.test(cells[0] ?? "")) continue;
    if (cells.length !== header.cells.length) return { error: { problem: "cells", line } };
    const row: Partial<Record<Role, string>> = {};
    for (const [i, raw] of cells.entries()) {
      const column = header.cells[i].slice(0, 60);
      const value = raw.trim();
      if (FORMULA.test(raw) || FORMULA.test(value)) return { error: { problem: "formula", line, column } };
      const { role } = roles[i];
      if (role === "ignore") continue;
      if (role === "day" || role === "start" || role === "end") {
        if (!isDay(value)) return { error: { problem: "day", line, column } };
      } else if (role === "cost") {
        if (!NUMBER.test(value)) return { error: { problem: "number", line, column } };
      } else if (role === "costMicros") {
        if (!/^\d{1,18}$/.test(value)) return { error: { problem: "number", line, column } };
      } else if (role === "currency") {
        if (!CURRENCIES.has(value)) return { error: { problem: "currency", line, column } };
      }
      row[role] = value;
    }
    // With a Day column (Ads Manager's "By time → Day" breakdown) the reporting dates are the
    // report's range, holding the day; without one each row must be a single day.
    const day = row.day ?? row.start!;
    if (
      row.end !== undefined &&
      (row.day === undefined ? row.end !== day : day > row.end || (row.start !== undefined && day < row.start))
    ) {
      const column = header.cells[roles.findIndex((r) => r.role === "end")];
      return { error: { problem: "daily", line, column } };
    }
    const currency = row.currency ?? costCurrency!;
    if (!CURRENCIES.has(currency)) return { error: { problem: "currency", line, column: "currency" } };
    const text = (role: keyof SpendRow) => (row[role] ? row[role]!.slice(0, 200) : null);
    // Ads Manager's summary line names no campaign: it is not a row.
    if (!text("campaignId") && !text("campaignName")) continue;
    rows.push({
      day,
      campaignId: text("campaignId"),
      campaignName: text("campaignName"),
      groupId: text("groupId"),
      groupName: text("groupName"),
      adId: text("adId"),
      adName: text("adName"),
      currency,
      cost: row.costMicros !== undefined ? Number(row.costMicros) / 1_000_000 : Number(row.cost!.replaceAll(",", "")),
    });
  }
  return { rows };
}
