/** A refused spend file in the marketer's words (locales/report.pt.json): the problem, its line and column. */
import { reportText as r } from "../../content/catalogue";
import { MAX_SPEND_BYTES, type SpendError } from "./parse";

export const spendErrorText = (e: SpendError): string =>
  r(`report.spend.error.${e.problem}`, {
    line: e.line ?? 0,
    column: e.column ?? "",
    mb: MAX_SPEND_BYTES / 1024 / 1024,
  });
