/**
 * Spend joined to the report's rows (issue 36 item 3, decision 093). A lead's campaign and ad are
 * what its URL carried: an id (Google's `{campaignid}`, `{adgroupid}`) or a name (Meta's
 * `{{campaign.name}}`, `{{ad.name}}`). Every id and name an imported file used maps to one key
 * (the id when the file has it), so leads that carried either and the spend meet on it, and the
 * key reads as its name. Cost joins a row only when all its dimensions are ones spend has
 * (source, campaign, ad, time) and every filter too; otherwise the cost is the period's, in the
 * total only (or nowhere, when a filter spend cannot follow, e.g. a segment).
 */
import { Groups, type CountRow } from "../ledger/leadCounts";
import type { SpendName, SpendQuery, SpendTotal } from "../ledger/spend";
import { isPeriod, type Dimension, type Field, type Filters } from "./dimensions";
import { periodOf, type ReportRow } from "./model";

const SPEND_FIELDS: readonly Field[] = ["source", "campaign", "content"];
type Keyed = "campaign" | "content";

export interface SpendNames {
  /** Any id or name a file used, to its key. */
  alias: Record<Keyed, Map<string, string>>;
  /** `${dimension}\u0000${key}` to the name shown. */
  label: Map<string, string>;
}

export function namesOf(names: readonly SpendName[]): SpendNames {
  const out: SpendNames = { alias: { campaign: new Map(), content: new Map() }, label: new Map() };
  for (const n of names) {
    out.alias[n.kind].set(n.alias, n.key);
    out.label.set(`${n.kind}\u0000${n.key}`, n.name);
  }
  return out;
}

const keyOf = (names: SpendNames, d: Keyed, value: string) => names.alias[d].get(value) ?? value;

/** The lead filters with each campaign or ad widened to every id and name of its key. */
export function leadFilters(filters: Filters, names: SpendNames): Partial<Record<Field, string[] | null>> {
  const out: Partial<Record<Field, string[] | null>> = {};
  for (const [field, value] of Object.entries(filters) as Array<[Field, string | null]>) {
    if (value === null || (field !== "campaign" && field !== "content")) {
      out[field] = value === null ? null : [value];
      continue;
    }
    const key = keyOf(names, field, value);
    out[field] = [...new Set([value, key, ...[...names.alias[field]].filter(([, k]) => k === key).map(([a]) => a)])];
  }
  return out;
}

/** The counts' campaign and ad values as keys (rows that differ only by id or name are added up by
 * the fold); a row whose values are their keys already is kept as it is (no copy per row). */
export const keyedCounts = (rows: readonly CountRow[], names: SpendNames): CountRow[] =>
  rows.map((row) => {
    const { campaign, content } = row.key;
    const [campaignKey, contentKey] = [
      campaign ? keyOf(names, "campaign", campaign) : campaign,
      content ? keyOf(names, "content", content) : content,
    ];
    if (campaignKey === campaign && contentKey === content) return row;
    const key = { ...row.key };
    if (campaign) key.campaign = campaignKey;
    if (content) key.content = contentKey;
    return { ...row, key };
  });

/** Whether spend can follow these filters (null: it cannot, no cost is shown). */
export function spendFilter(filters: Filters, names: SpendNames): Partial<SpendQuery> | null {
  const out: Partial<SpendQuery> = {};
  for (const [field, value] of Object.entries(filters) as Array<[Field, string | null]>) {
    if (!SPEND_FIELDS.includes(field)) return null;
    if (field === "source") out.sources = value === null ? [] : [value];
    if (field === "campaign") out.campaigns = value === null ? [] : [keyOf(names, "campaign", value)];
    if (field === "content") out.contents = value === null ? null : [keyOf(names, "content", value)];
  }
  return out;
}

export const joinable = (by: readonly Dimension[]) => by.every((d) => isPeriod(d) || SPEND_FIELDS.includes(d));

/** The spend query grouped as the rows are. */
export const spendGrouping = (by: readonly Dimension[]) => ({
  bySource: by.includes("source"),
  byCampaign: by.includes("campaign"),
  byContent: by.includes("content"),
  byDay: by.some(isPeriod),
});

/** Adds each spend total to the row with its key, making rows for spend no lead joins. */
export function addSpend(rows: ReportRow[], totals: readonly SpendTotal[], by: readonly Dimension[]): ReportRow[] {
  const groups = new Groups<ReportRow>();
  const values: Array<string | null> = by.map(() => null);
  let made: ReportRow | null = null;
  const make = () => {
    const key: ReportRow["key"] = {};
    by.forEach((d, i) => (key[d] = values[i]));
    return (made = { key, leads: 0, qualified: 0, won: 0, value: {}, cost: {} });
  };
  for (const row of rows) {
    by.forEach((d, i) => (values[i] = row.key[d] ?? null));
    groups.get(values, () => row);
  }
  for (const t of totals) {
    by.forEach(
      (d, i) =>
        (values[i] = isPeriod(d) ? periodOf(t.day!, d) : ((t as unknown as Record<string, string | null>)[d] ?? null)),
    );
    made = null;
    const row = groups.get(values, make);
    if (made) rows.push(made);
    row.cost[t.currency] = (row.cost[t.currency] ?? 0) + t.cost;
  }
  return rows;
}
