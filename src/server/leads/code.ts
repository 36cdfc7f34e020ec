/**
 * The lead code the sales inbox reads after the `ref:` line: 8 symbols from 31 (digits and
 * uppercase letters without the look-alikes 0/O, 1/I/L), about 40 bits from crypto.randomInt, so
 * guessing a live code is pointless and reading one aloud is unambiguous.
 */
import { randomInt } from "node:crypto";

export const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const CODE_LENGTH = 8;
const CODE_PATTERN = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

export function newLeadCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Whether `text` is shaped like a code (anything else cannot name a lead: 404 without a query). */
export function isLeadCode(text: string): boolean {
  return CODE_PATTERN.test(text);
}

/**
 * A code as someone pasted it (decision 091): any case, surrounding spaces, a leading `#` (as the
 * `ref:` line shows it; `%23` in a URL arrives decoded). The code, or null when it is not one.
 */
export function readLeadCode(text: string): string | null {
  const code = text.trim().replace(/^#/, "").toUpperCase();
  return isLeadCode(code) ? code : null;
}
