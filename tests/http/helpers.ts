import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";

/** 23:30 on 31 December 2026 in São Paulo, already 1 January 2027 in UTC. */
export const NEW_YEARS_EVE = new Date("2027-01-01T02:30:00Z");

export function makeApp(env: Record<string, string> = {}, now: () => Date = () => NEW_YEARS_EVE) {
  return createApp({ config: loadConfig(env), now });
}

/** A dotted catalogue key that leaked into a page instead of its text. */
export const LEAKED_KEY =
  /\b(meta|a11y|header|hero|features|industries|pricing|plans|calculator|faq|footer|notFound|error|common|privacy|terms)\.[a-zA-Z_]+\b/;
