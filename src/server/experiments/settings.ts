/**
 * Experiments declared as data (issue 37, decision 096): `EXPERIMENTS_FILE` (default
 * `experiments.json` in the working directory; absent or `[]`: no experiment) is a JSON array of
 * `{ id, page, arms: [{ id, variant, weight }], start, end }`, read and validated once at start-up
 * like every setting: a bad entry throws a ConfigError naming the entry and the field (the entry
 * point prints the line and exits 1). The page is an ad's page's path in one language (the landing
 * page or a segment page); an arm shows one of that page's message-match variants in that language
 * (decision 056) or `null`, the page's own copy. A phase id is derived from the arms and weights,
 * so changing them starts a new phase that the report keeps apart.
 */
import { ConfigError, type Env } from "../env";
import { LANGS, landingHref, type Lang } from "../../shared/languages";
import { SEGMENT_KEYS, segmentPath } from "../../content/segments";
import { variantsOf, type VariantPage } from "../../content/variants";

export interface Arm {
  /** One lowercase letter (`a`, `b`, `c`); the first arm is the control. */
  id: string;
  /** The message-match variant it shows, or null for the page's own copy. */
  variant: string | null;
  /** A whole-number weight: the arm's share of arrivals is its weight over the sum. */
  weight: number;
}

export interface Experiment {
  id: string;
  /** The page's path as declared (`/segmentos/odontologia`), its language and its variant page. */
  path: string;
  lang: Lang;
  page: VariantPage;
  arms: readonly Arm[];
  /** First and last day (YYYY-MM-DD in TIME_ZONE), both included, at most MAX_DAYS apart. */
  start: string;
  end: string;
  /** A short hash of the arms and weights: a change starts a new phase. */
  phase: string;
}

export const VARIABLE = "EXPERIMENTS_FILE";
export const DEFAULT_EXPERIMENTS_FILE = "experiments.json";
export const MAX_DAYS = 90;
export const MAX_WEIGHT = 100;
const ID = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ENTRY_FIELDS = ["id", "page", "arms", "start", "end"];
const ARM_FIELDS = ["id", "variant", "weight"];

/** Every ad page's path in every language, with what it is. */
const AD_PAGES = new Map<string, { lang: Lang; page: VariantPage }>(
  LANGS.flatMap((lang) => [
    [landingHref(lang), { lang, page: "home" as VariantPage }] as const,
    ...SEGMENT_KEYS.map((key) => [segmentPath(lang, key), { lang, page: key as VariantPage }] as const),
  ]),
);

/**
 * The phase of a set of arms: each arm's id and weight, then 6 hex digits of a hash (FNV-1a, 32
 * bits) of the ids, variants and weights (`a1b1-3f2a9c`). The weights are readable in it, so a phase kept in the
 * store can be judged after the file has moved on (weightsOf).
 */
export function phaseOf(arms: readonly Arm[]): string {
  const text = JSON.stringify(arms.map((a) => [a.id, a.variant, a.weight]));
  const weights = arms.map((a) => `${a.id}${a.weight}`).join("");
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return `${weights}-${(hash >>> 0).toString(16).padStart(8, "0").slice(0, 6)}`;
}

/** The weight of each arm a phase id names (`a1b1-3f2a9c`: a 1, b 1); empty for anything else. */
export function weightsOf(phase: string): Map<string, number> {
  const head = /^((?:[a-z]\d{1,3}){2,3})-[0-9a-f]{6}$/.exec(phase)?.[1] ?? "";
  return new Map([...head.matchAll(/([a-z])(\d+)/g)].map((m) => [m[1], Number(m[2])]));
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
const isDay = (value: unknown): value is string =>
  typeof value === "string" && DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Validates the parsed file; `file` names it in the messages. */
export function parseExperiments(data: unknown): Experiment[] {
  if (!Array.isArray(data)) throw new ConfigError(VARIABLE, "must hold a JSON array of experiments");
  const experiments: Experiment[] = [];
  data.forEach((entry, index) => {
    let name = `entry ${index + 1}`;
    const fail = (field: string, problem: string): never => {
      throw new ConfigError(VARIABLE, `${name}: ${field} ${problem}`);
    };
    if (!isObject(entry)) fail("the entry", "must be an object");
    const e = entry as Record<string, unknown>;
    if (typeof e.id !== "string" || !ID.test(e.id))
      fail("id", "must be lowercase letters, digits and inner hyphens, at most 32");
    const id = e.id as string;
    name = `entry ${index + 1} ("${id}")`;
    for (const key of Object.keys(e)) if (!ENTRY_FIELDS.includes(key)) fail(key, "is not a field of an experiment");
    if (experiments.some((x) => x.id === id)) fail("id", "is used by an earlier entry");
    const where = typeof e.page === "string" ? AD_PAGES.get(e.page) : undefined;
    if (!where) fail("page", "must be the path of the landing page or a segment page, such as /segmentos/odontologia");
    const { lang, page } = where!;
    if (!Array.isArray(e.arms) || e.arms.length < 2 || e.arms.length > 3) fail("arms", "must list 2 or 3 arms");
    const arms = (e.arms as unknown[]).map((raw, i): Arm => {
      const field = `arms[${i}]`;
      if (!isObject(raw)) fail(field, "must be an object");
      const arm = raw as Record<string, unknown>;
      for (const key of Object.keys(arm))
        if (!ARM_FIELDS.includes(key)) fail(`${field}.${key}`, "is not a field of an arm");
      if (typeof arm.id !== "string" || !/^[a-z]$/.test(arm.id)) fail(`${field}.id`, "must be one lowercase letter");
      if (arm.variant !== null && !(typeof arm.variant === "string" && variantsOf(lang, page).includes(arm.variant)))
        fail(`${field}.variant`, `must be null or a variant written for ${e.page as string} in its language`);
      const w = arm.weight;
      if (typeof w !== "number" || !Number.isInteger(w) || w < 1 || w > MAX_WEIGHT)
        fail(`${field}.weight`, `must be a whole number from 1 to ${MAX_WEIGHT}`);
      return { id: arm.id as string, variant: arm.variant as string | null, weight: w as number };
    });
    if (new Set(arms.map((a) => a.id)).size !== arms.length) fail("arms", "must have different ids");
    if (!isDay(e.start)) fail("start", "must be a day such as 2026-12-01");
    if (!isDay(e.end)) fail("end", "must be a day such as 2026-12-31");
    const [start, end] = [e.start as string, e.end as string];
    const span = dayNumber(end) - dayNumber(start);
    if (span < 0) fail("end", "must not be before start");
    if (span > MAX_DAYS) fail("end", `must be at most ${MAX_DAYS} days after start`);
    const overlapping = experiments.find((x) => x.path === e.page && x.start <= end && start <= x.end);
    if (overlapping) fail("page", `has another experiment ("${overlapping.id}") on the same days`);
    experiments.push({ id, path: e.page as string, lang, page, arms, start, end, phase: phaseOf(arms) });
  });
  return experiments;
}

/**
 * The file's text. node:fs is taken at run time, not imported: config.ts imports this module, and
 * the build's boundary check bundles config.ts for the browser to prove it cannot get in (build/).
 */
const readText = (file: string) => process.getBuiltinModule("node:fs").readFileSync(file, "utf8");

/** Reads EXPERIMENTS_FILE (absent default file: none; an explicitly named file must exist). */
export function readExperiments(env: Env, read: (file: string) => string = readText) {
  const named = env.EXPERIMENTS_FILE?.trim();
  const file = named || DEFAULT_EXPERIMENTS_FILE;
  let text: string;
  try {
    text = read(file);
  } catch (error) {
    if (!named && (error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw new ConfigError(VARIABLE, "names a file that cannot be read");
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ConfigError(VARIABLE, "is not valid JSON");
  }
  return parseExperiments(data);
}

/** Whether `day` (YYYY-MM-DD) is within the experiment's days. */
export const isRunning = (experiment: Experiment, day: string) => experiment.start <= day && day <= experiment.end;
