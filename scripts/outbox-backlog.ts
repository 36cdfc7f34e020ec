/**
 * The outbox backlog row of `npm run load` (issue 32's budget): 10,000 conversion events queued for
 * Meta's Conversions API while Meta is down (a local HTTPS stand-in, tests/http/stand-in.ts; nothing
 * leaves the machine). Two built servers configured alike (Meta pointed at the stand-in): one whose
 * database holds the 10,000 pending deliveries, one whose outbox is empty. Their page row (GET /,
 * br) alternates for BENCH_ROUNDS rounds while Meta is down; then their RSS. Then Meta comes back,
 * taking 5 requests a second and answering the rest 429 with Retry-After: 1, and the backlog drains:
 * the time from the first to the last accepted event, the rate against the one allowed (5 requests of
 * 100 events a second), requests sent before the time Meta gave, and events accepted twice.
 * Goals: page req/s with the backlog ≥ 0.9× without it, p99 ≤ 1.3×, RSS within 20 MB; every event
 * accepted once; no request early; the drain rate (first to last accepted) at least 90 % of the allowed one.
 *
 * On its own: `npx tsx build.ts && npx tsx scripts/outbox-backlog.ts` (BENCH_ROUNDS, BENCH_SECONDS).
 */
import autocannon from "autocannon";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { openDatabase } from "../src/server/ledger/migrate";
import { seedEvents } from "../tests/http/outbox-seed";
import { startStandIn } from "../tests/http/stand-in";
import { median, rssMb, startBuiltSite, stop } from "./lib";

const EVENTS = 10_000;
const PER_SECOND = 5; // requests Meta's stand-in takes each second
const BATCH = 100; // events per request (src/server/outbox/meta.ts)

type Sample = { rps: number; p99: number; errors: number };
const page = (url: string, seconds: number): Promise<Sample> =>
  new Promise((resolve, reject) =>
    autocannon(
      { url: url + "/", connections: 50, duration: seconds, headers: { "accept-encoding": "br, gzip" } },
      (e, r) =>
        e
          ? reject(e)
          : resolve({ rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx }),
    ),
  );

export async function outboxBacklogRow(rounds: number, seconds: number): Promise<boolean> {
  const standIn = await startStandIn();
  const dirs = [mkdtempSync(join(tmpdir(), "xia-backlog-")), mkdtempSync(join(tmpdir(), "xia-empty-"))];
  const seeded = await openDatabase({ databaseUrl: null, dataDir: dirs[0] });
  const codes = await seedEvents(seeded.db, EVENTS, { destinations: ["meta"], at: new Date() });
  await seeded.close();
  await standIn.down();
  const env = (dataDir: string) => ({
    DATA_DIR: dataDir,
    META_PIXEL_ID: "1234567890",
    META_CAPI_TOKEN: "EAAGbenchtoken0123456789",
    META_CAPI_URL: standIn.url,
    NODE_EXTRA_CA_CERTS: standIn.caFile,
  });
  const [backlog, empty] = [await startBuiltSite(env(dirs[0])), await startBuiltSite(env(dirs[1]))];
  try {
    console.log(`\noutbox backlog: ${EVENTS} events queued for Meta while it is down, GET / with and without them`);
    await page(backlog.url, 2);
    await page(empty.url, 2);
    const rows = { backlog: [] as Sample[], empty: [] as Sample[] };
    for (let round = 1; round <= rounds; round++) {
      const order = round % 2 ? (["backlog", "empty"] as const) : (["empty", "backlog"] as const);
      for (const key of order) rows[key].push(await page((key === "backlog" ? backlog : empty).url, seconds));
      for (const key of ["backlog", "empty"] as const) {
        const s = rows[key][round - 1];
        console.log(
          `  round ${round} ${key.padEnd(7)}: ${Math.round(s.rps)} req/s, p99 ${s.p99} ms, errors ${s.errors}`,
        );
      }
    }
    const m = (key: "backlog" | "empty") => ({
      rps: median(rows[key].map((s) => s.rps)),
      p99: median(rows[key].map((s) => s.p99)),
    });
    const [b, e] = [m("backlog"), m("empty")];
    const errors = [...rows.backlog, ...rows.empty].reduce((a, s) => a + s.errors, 0);
    const [rssB, rssE] = [rssMb(backlog.proc.pid!), rssMb(empty.proc.pid!)];
    const pagesOk = b.rps / e.rps >= 0.9 && b.p99 / Math.max(e.p99, 1) <= 1.3 && errors === 0 && rssB - rssE <= 20;
    console.log(
      `  pages: with the backlog ${Math.round(b.rps)} req/s p99 ${b.p99} ms, without ${Math.round(e.rps)} req/s p99 ${e.p99} ms: ratio ${(b.rps / e.rps).toFixed(2)} (goal ≥ 0.9), p99 ${(b.p99 / Math.max(e.p99, 1)).toFixed(2)} (goal ≤ 1.3), errors ${errors}`,
    );
    console.log(`  RSS with the backlog ${rssB.toFixed(1)} MB, without ${rssE.toFixed(1)} MB (goal: within 20 MB)`);
    await stop(empty.proc);

    // Meta is back, at PER_SECOND requests a second; 429 with Retry-After: 1 beyond.
    const perSecond = new Map<number, number>();
    const acceptedAt: number[] = [];
    let notBefore = 0;
    let early = 0;
    standIn.received.length = 0;
    standIn.respond = () => {
      const t = Date.now();
      if (t < notBefore) early++;
      const second = Math.floor(t / 1000);
      const n = (perSecond.get(second) ?? 0) + 1;
      perSecond.set(second, n);
      if (n <= PER_SECOND) return (acceptedAt.push(t), { status: 200, body: '{"events_received":100}' });
      notBefore = (second + 1) * 1000;
      return { status: 429, headers: { "Retry-After": "1" }, body: '{"error":{"code":4}}' };
    };
    const back = Date.now();
    await standIn.up();
    const keys = codes.map((c) => `${c}.qualified`);
    await Promise.race([
      standIn.until(() => acceptedAt.length >= EVENTS / BATCH && keys.every((k) => standIn.accepted().has(k))),
      new Promise((r) => setTimeout(r, 10 * 60_000)),
    ]);
    const accepted = standIn.accepted();
    const once = keys.filter((k) => accepted.get(k) === 1).length;
    const span = (Math.max(...acceptedAt) - Math.min(...acceptedAt)) / 1000;
    // From the first accepted request to the last: N requests at PER_SECOND a second span (N - 1) / PER_SECOND s
    // at best, so the rate is counted over the span plus one request's share of a second.
    const rate = once / (span + 1 / PER_SECOND);
    const allowed = PER_SECOND * BATCH;
    console.log(
      `  drain: first accepted ${((Math.min(...acceptedAt) - back) / 1000).toFixed(1)} s after Meta came back (the worker's next probe), ${once}/${EVENTS} events accepted once, ${keys.length - once} not or twice, in ${span.toFixed(1)} s: ${Math.round(rate)} events a second (allowed ${allowed}: ${PER_SECOND} requests of ${BATCH}), requests sent early ${early}, 429s ${standIn.received.filter((r) => r.status === 429).length}`,
    );
    const drainOk = once === EVENTS && early === 0 && rate >= allowed * 0.9;
    return pagesOk && drainOk;
  } finally {
    await stop(backlog.proc);
    if (empty.proc.exitCode === null) await stop(empty.proc);
    await standIn.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const ok = await outboxBacklogRow(Number(process.env.BENCH_ROUNDS ?? 3), Number(process.env.BENCH_SECONDS ?? 5));
  console.log(ok ? "outbox backlog: goals met" : "outbox backlog: goals missed");
  process.exit(ok ? 0 : 1);
}
