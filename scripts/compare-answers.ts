/**
 * Same bytes for the calculator's answers from two builds (decisions 040, 049): the same corpus of
 * answers is fetched from this build and from another one (for example main's, built in a copy of
 * the tree) and their brotli-decoded bodies, CSPs and statuses compared. Prints how many differ
 * (and the first few), exits 1 when any does.
 *
 *   npx tsx build.ts && npx tsx scripts/compare-answers.ts path/to/other/dist/server.js [dist/server.js]
 *
 * The corpus (answerCorpus(), 193 queries × pt, en, es = 579 answers): every field kind (absent,
 * empty, blank, invalid, a value), every plan (values from 1 × 1 to 1,000,000 × 1,000), markup and
 * non-ASCII values, a repeated field, fields in the other order, values with separators and spaces.
 */
import { pathToFileURL } from "node:url";
import { brotliDecompressSync } from "node:zlib";
import { LANGS, landingHref } from "../src/shared/languages";
import { startBuiltSite, stop } from "./lib";

const LEADS = [null, "", "%20", "abc", "-5", "0", "1", "70", "1000", "5000", "12001", "1000000", "1.000", "%20250%20"];
const INTERACTIONS = [null, "", "abc", "0", "1e3", "1", "3", "7", "37", "1000", "1,5", "%C2%A0", "2"];
const EXTRA = [
  "leads=%3Cscript%3Ealert(1)%3C%2Fscript%3E&interactions=%C3%A7%F0%9F%98%80",
  "leads=%20%20300%20&interactions=%E0%A4%AA",
  "leads=1&leads=2&interactions=2",
  "interactions=2&leads=5",
  "leads=%3Cb%3E%26'%22&interactions=2",
  "leads=5%5C&interactions=2",
  "leads=5&interactions=2%01",
  "leads=%E2%80%AF&interactions=",
  "leads=1%C2%A0000&interactions=3",
  "leads=100&interactions=3&utm_source=x",
  "leads=99999999999999999999&interactions=1",
  "leads=12000&interactions=1",
];

/** The query strings of the corpus, without the `?`. */
export function answerCorpus(): string[] {
  const queries: string[] = [];
  for (const leads of LEADS)
    for (const interactions of INTERACTIONS) {
      const parts = [
        leads === null ? "" : `leads=${leads}`,
        interactions === null ? "" : `interactions=${interactions}`,
      ];
      const query = parts.filter(Boolean).join("&");
      // Neither field: the cached page, not an answer.
      if (query) queries.push(query);
    }
  return [...queries, ...EXTRA];
}

interface Got {
  status: number;
  csp: string | null;
  body: string;
}

async function fetchAnswer(base: string, path: string): Promise<Got> {
  const res = await fetch(base + path, { headers: { "accept-encoding": "br" } });
  const raw = Buffer.from(await res.arrayBuffer());
  // fetch() decodes brotli itself when it sees Content-Encoding; decode here only what it left.
  const body = raw[0] === 0x3c ? raw : brotliDecompressSync(raw);
  return { status: res.status, csp: res.headers.get("content-security-policy"), body: body.toString() };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [other, ours = "dist/server.js"] = process.argv.slice(2);
  if (!other) throw new Error("usage: compare-answers.ts OTHER/dist/server.js [OURS/dist/server.js]");
  const [a, b] = await Promise.all([startBuiltSite({}, other), startBuiltSite({}, ours)]);
  const paths = LANGS.flatMap((lang) => answerCorpus().map((q) => `${landingHref(lang)}?${q}`));
  const differ: string[] = [];
  const statuses = new Map<number, number>();
  try {
    for (const path of paths) {
      const [x, y] = await Promise.all([fetchAnswer(a.url, path), fetchAnswer(b.url, path)]);
      statuses.set(y.status, (statuses.get(y.status) ?? 0) + 1);
      for (const field of ["status", "csp", "body"] as const)
        if (x[field] !== y[field]) differ.push(`${path}: ${field}`);
    }
  } finally {
    await Promise.all([stop(a.proc), stop(b.proc)]);
  }
  const byStatus = [...statuses].map(([status, n]) => `${n} × ${status}`).join(", ");
  console.log(`${paths.length} answers compared (body, CSP, status; ${byStatus}): ${differ.length} differ`);
  for (const d of differ.slice(0, 10)) console.log("  " + d);
  process.exit(differ.length ? 1 : 0);
}
