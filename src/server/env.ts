/**
 * The configuration's one reader of environment values (decision 085): each `read…` takes the
 * environment and a variable's name, returns its value or the fallback when unset or blank, and
 * throws a ConfigError (one line naming the variable, never echoing its value) when it is wrong.
 * config.ts and the settings of the ledger (leads/settings.ts), the outbox (outbox/settings.ts) and
 * experiments (experiments/settings.ts) all read through it; it imports none of them.
 */

export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`${variable} ${problem}`);
    this.name = "ConfigError";
  }
}

export type Env = Record<string, string | undefined>;

export function readUrl(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, "must be an absolute URL such as https://example.com");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new ConfigError(name, "must use http or https");
  }
  if (url.username || url.password) throw new ConfigError(name, "must not contain credentials");
  return url.href;
}

/** Origin only (no path, no trailing slash): SITE_URL is joined with route paths. */
export function readOrigin(env: Env, name: string, fallback: string): string {
  const href = readUrl(env, name, fallback);
  const url = new URL(href);
  if ((url.pathname !== "/" && url.pathname !== "") || url.search || url.hash) {
    throw new ConfigError(name, "must be an origin without path, query or fragment, such as https://www.example.com");
  }
  return url.origin;
}

const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function readEmail(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (raw.length > 254 || !EMAIL.test(raw))
    throw new ConfigError(name, "must be an e-mail address such as contato@example.com");
  return raw;
}

/**
 * The one number parser of the configuration: decimal digits only (no sign, no `0x10`, no `1e3`, no
 * `16.0`, no spaces inside), from `min` to `max`; `unit` names what it counts in the message.
 */
export function readInt(env: Env, name: string, fallback: number, min: number, max: number, unit = ""): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d{1,15}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `must be a whole number${unit ? ` of ${unit}` : ""} from ${min} to ${max}`);
  }
  return Number(raw);
}

export function readBool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (["1", "true", "yes", "on"].includes(raw)) return true;
  if (["0", "false", "no", "off"].includes(raw)) return false;
  throw new ConfigError(name, "must be true or false");
}

export function readText<F extends string | null>(env: Env, name: string, fallback: F, maxLength: number): string | F {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (raw.length > maxLength || /[\u0000-\u001f\u007f<>]/.test(raw)) {
    throw new ConfigError(name, `must be plain text of at most ${maxLength} characters, without < or >`);
  }
  return raw;
}

/**
 * A WhatsApp number as wa.me wants it: country code and number, digits only (10 to 15, no leading
 * 0). Spaces, dashes, dots, parentheses and a leading + are accepted and dropped.
 */
export function readWhatsapp(env: Env, name: string): string | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  const digits = raw.replace(/^\+/, "").replace(/[\s().-]/g, "");
  if (!/^[1-9]\d{9,14}$/.test(digits)) {
    throw new ConfigError(name, "must be a WhatsApp number with country code, 10 to 15 digits, such as 5511987654321");
  }
  return digits;
}

export function readTimeZone(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: raw }).resolvedOptions().timeZone;
  } catch {
    throw new ConfigError(name, "must be an IANA time zone such as America/Sao_Paulo");
  }
}

/** An optional identifier that must match `pattern` exactly (after trimming). */
export function readId(env: Env, name: string, pattern: RegExp, example: string): string | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  if (!pattern.test(raw)) throw new ConfigError(name, `must be ${example}`);
  return raw;
}
