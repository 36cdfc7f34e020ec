/**
 * A delivery's failure or expiry in Portuguese (issue 36 item 6, decision 095): the outbox stores
 * its reasons in English for the log (worker.ts, store.ts prune); the report names each in the
 * marketer's words, the technical line kept beside it.
 */
import { reportText as r } from "../../content/catalogue";

const RULES: Array<[RegExp, (m: RegExpExecArray) => string]> = [
  [/^HTTP (4\d\d)\b/, (m) => r("report.reason.refused", { status: m[1] })],
  [/^HTTP (5\d\d)\b/, (m) => r("report.reason.serverError", { status: m[1] })],
  [/^not delivered within (\d+) hours/, (m) => r("report.reason.tooLate", { hours: m[1] })],
  [/^the event is older than the destination accepts/, () => r("report.reason.tooOld")],
  [/^the lead reached LEADS_RETENTION_DAYS/, () => r("report.reason.retention")],
  [/^takes no erasure notice/, () => r("report.reason.noErasure")],
  [/timed? ?out|ETIMEDOUT|UND_ERR_.*TIMEOUT/i, () => r("report.reason.timeout")],
  [/\b(ECONNREFUSED|ENOTFOUND|ECONNRESET|EAI_AGAIN|EHOSTUNREACH)\b/, (m) => r("report.reason.network", { code: m[1] })],
];

export function reasonText(error: string | null): string {
  if (error === null) return "";
  for (const [pattern, text] of RULES) {
    const m = pattern.exec(error);
    if (m) return text(m);
  }
  return r("report.reason.other");
}
