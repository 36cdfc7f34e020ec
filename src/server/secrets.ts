/**
 * Passwords and tokens the operator sets (decision 090): LEADS_REPORT_PASSWORD,
 * GOOGLE_ADS_FILE_PASSWORD, LEADS_API_TOKEN. A weak one stops start-up with a one-line reason that
 * names the variable and the rule, never the value: at least `min` printable characters without
 * spaces, at least 10 different characters, and no half of it one character repeated or one run
 * (`aaaaaaaa`, `abcdefgh`, `87654321`). `openssl rand -hex 16` (or `-base64 24`) always passes.
 */
import { ConfigError, type Env } from "./env";

export const MIN_DISTINCT = 10;

/** The length of the longest run of characters each one code point above, below or equal to the last. */
function longestRun(value: string): number {
  let longest = 1;
  let run = 1;
  let step = NaN;
  for (let i = 1; i < value.length; i++) {
    const d = value.charCodeAt(i) - value.charCodeAt(i - 1);
    run = Math.abs(d) <= 1 && (d === step || run === 1) ? run + 1 : Math.abs(d) <= 1 ? 2 : 1;
    step = d;
    longest = Math.max(longest, run);
  }
  return longest;
}

/** Why `value` is too weak, or null. */
export function secretWeakness(value: string, min: number): string | null {
  if (value.length < min || value.length > 1024 || !/^[\x21-\x7e]+$/.test(value))
    return `must be ${min} to 1024 printable characters without spaces`;
  if (new Set(value).size < MIN_DISTINCT) return `must have at least ${MIN_DISTINCT} different characters`;
  if (longestRun(value) * 2 >= value.length)
    return "must not be half one repeated character or one run such as abcdef or 654321";
  return null;
}

/** The variable's value, null when unset or blank; a ConfigError with the rule when weak. */
export function readSecret(env: Env, name: string, min: number): string | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  const weak = secretWeakness(raw, min);
  if (weak) throw new ConfigError(name, `${weak} (e.g. openssl rand -hex 16)`);
  return raw;
}
