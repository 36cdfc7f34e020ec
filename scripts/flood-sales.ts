/**
 * The sales-link flood of `npm run load` (issue 31's budget, decision 070): 20,000 `GET /sales`
 * requests from one client, then 20,000 from 1,000 distinct addresses (X-Forwarded-For, trusted one
 * hop as behind the PaaS router), each with a browser's User-Agent and a campaign name of its own,
 * against the built server on the embedded SQLite with the default LEADS_PER_MINUTE. Reports whether
 * every request was answered with a 303, the rows the database holds against the limit (the limit
 * times the clock minutes the flood touched), and the server's RSS warmed, at its peak and 3 s after.
 * Goals: every request answered 303, rows ≤ the bound, RSS after within 40 MB of the warmed baseline.
 *
 * On its own: `npx tsx build.ts && npx tsx scripts/flood-sales.ts` (FLOOD_SALES_REQUESTS).
 */
import autocannon from "autocannon";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { BROWSER_UA } from "../tests/fixtures";
import { countLeads, SALES_PATH } from "./bench-sales";
import { rssMb, startBuiltSite, stop } from "./lib";

const LIMIT = 60; // LEADS_PER_MINUTE's default (docs/configuration.md)
const ADDRESSES = 1_000;

interface Phase {
  name: string;
  answered: number;
  others: number;
  rps: number;
  minutes: number;
}

async function flood(url: string, amount: number, name: string, addresses: number): Promise<Phase> {
  let n = 0;
  const startMinute = Math.floor(Date.now() / 60_000);
  const result = await autocannon({
    url: url + SALES_PATH,
    connections: 50,
    amount,
    headers: { "user-agent": BROWSER_UA },
    requests: [
      {
        setupRequest: (req: autocannon.Request) => {
          const i = ++n;
          const headers: Record<string, string> = { ...(req.headers as Record<string, string>) };
          if (addresses > 1) headers["x-forwarded-for"] = `10.${(i % addresses) >> 8}.${(i % addresses) & 255}.7`;
          return { ...req, path: `${SALES_PATH}_${i}`, headers };
        },
      },
    ],
  });
  const endMinute = Math.floor(Date.now() / 60_000);
  return {
    name,
    answered: result["3xx"],
    others: result["1xx"] + result["2xx"] + result["4xx"] + result["5xx"] + result.errors + result.timeouts,
    rps: result.requests.average,
    minutes: endMinute - startMinute + 1,
  };
}

export async function salesFloodRow(amount = Number(process.env.FLOOD_SALES_REQUESTS ?? 20_000)): Promise<boolean> {
  const dataDir = mkdtempSync(join(tmpdir(), "xia-flood-sales-"));
  const site = await startBuiltSite({ DATA_DIR: dataDir, TRUST_PROXY: "1" });
  const pid = site.proc.pid!;
  try {
    // Warm as a working server is: pages and redirects for 3 s (the redirects spend part of the first minute's budget).
    await autocannon({ url: site.url + "/", connections: 20, duration: 3, headers: { "accept-encoding": "br" } });
    await new Promise((r) => setTimeout(r, 1000));
    const warmedMb = rssMb(pid);
    let peakMb = warmedMb;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(pid))), 20);
    const phases = [
      await flood(site.url, amount, "one client", 1),
      await flood(site.url, amount, `${ADDRESSES} addresses`, ADDRESSES),
    ];
    clearInterval(sampler);
    await new Promise((r) => setTimeout(r, 3000));
    const afterMb = rssMb(pid);
    const rows = await countLeads({ databaseUrl: null, dataDir });
    const minutes = phases.reduce((a, p) => a + p.minutes, 0);
    const bound = LIMIT * minutes;
    console.log(
      `\nsales flood: ${amount} × GET /sales from one client, then from ${ADDRESSES} addresses (LEADS_PER_MINUTE=${LIMIT})`,
    );
    for (const p of phases)
      console.log(
        `  ${p.name}: ${p.answered}/${amount} answered 303 (${Math.round(p.rps)} req/s), other answers and errors ${p.others}, over ${p.minutes} clock minute(s)`,
      );
    console.log(`  leads stored ${rows} (bound ${bound}: ${LIMIT} a minute × ${minutes} minute windows)`);
    console.log(
      `  RSS warmed ${warmedMb.toFixed(1)} MB, peak ${peakMb.toFixed(1)} MB, 3 s after ${afterMb.toFixed(1)} MB (+${(afterMb - warmedMb).toFixed(1)}, goal ≤ 40)`,
    );
    return phases.every((p) => p.answered === amount && p.others === 0) && rows <= bound && afterMb - warmedMb <= 40;
  } finally {
    await stop(site.proc);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const ok = await salesFloodRow();
  console.log(ok ? "sales flood: goals met" : "sales flood: goals missed");
  process.exit(ok ? 0 : 1);
}
