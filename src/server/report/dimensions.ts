/**
 * What the report can group and filter by (issue 36 item 1, decision 092): the lead's fields a
 * marketer knows from Google Ads and Ads Manager, and three time buckets in TIME_ZONE. `by` takes
 * one or two of them (`by=campaign,content`); a filter is a dimension's name as a parameter
 * (`?campaign=123`, empty: the leads without that field). Pure: no SQL here.
 */
import { LEAD_FIELDS, type Field } from "../ledger/leadCounts";

export { type Field };
export const FIELDS = LEAD_FIELDS;
export const PERIODS = ["day", "week", "month"] as const;
export type Period = (typeof PERIODS)[number];
export type Dimension = Field | Period;
export const DIMENSIONS: readonly Dimension[] = [...FIELDS, ...PERIODS];

export const isPeriod = (d: Dimension): d is Period => (PERIODS as readonly string[]).includes(d);
export const isDimension = (d: string): d is Dimension => (DIMENSIONS as readonly string[]).includes(d);

/** Where a row's link leads: the next level down (a campaign's ads, a day's campaigns…). */
export const DRILL: Record<Dimension, Dimension | null> = {
  source: "campaign",
  medium: "campaign",
  campaign: "content",
  content: "term",
  term: null,
  segment: "variant",
  variant: "content",
  lang: "segment",
  page: "variant",
  plan: "segment",
  day: "campaign",
  week: "day",
  month: "week",
};

/** The filters a query holds: a field's value, or null for "leads without it". */
export type Filters = Partial<Record<Field, string | null>>;
