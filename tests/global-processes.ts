/**
 * Vitest global setup (decision 034): every process the tests spawn through scripts/lib.ts
 * (`spawnTracked`: the built server, the Procfile's command, varnishd, `npm run dev`) is recorded in
 * a directory of this run while it lives. Tests end their processes in `finally`/`afterAll`; when a
 * test times out or a worker dies before that, the teardown here ends what is left (its whole
 * process group, so cluster workers and Varnish's child go too) and says which it ended.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { processStartTime, SITES_LOG, STARTED_LOG } from "../scripts/lib";

/** "3 × node dist/server.js, 1 × varnishd": how many of each line `file` holds. */
function tally(file: string): string {
  const counts = new Map<string, number>();
  for (const line of readFileSync(file, "utf8").split("\n").filter(Boolean))
    counts.set(line, (counts.get(line) ?? 0) + 1);
  return [...counts].map(([what, n]) => `${n} × ${what}`).join(", ");
}

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), "xia-test-processes-"));
  // Set before vitest starts its workers, so every test process inherits it.
  process.env.XIA_TEST_PROCESSES = dir;
  return () => {
    const left: string[] = [];
    // The run's fixed costs (issue 39, docs/testing.md "Where the time goes"): processes started, and
    // the browser files' sites with the documents Chromium loaded from them.
    const started = existsSync(join(dir, STARTED_LOG)) ? tally(join(dir, STARTED_LOG)) : "none";
    const sites = existsSync(join(dir, SITES_LOG))
      ? readFileSync(join(dir, SITES_LOG), "utf8").split("\n").filter(Boolean).map(Number)
      : [];
    // The setup can run once per project; only the directory the workers recorded into has lines.
    if (started !== "none" || sites.length)
      console.log(
        `fixed costs: processes started: ${started}; browser files: ${sites.length}, documents loaded: ${sites.reduce((a, b) => a + b, 0)}`,
      );
    for (const name of readdirSync(dir)) {
      const pid = Number(name);
      if (!Number.isInteger(pid)) continue;
      // The same process, not another that reused its pid since.
      if (processStartTime(pid) !== undefined && processStartTime(pid) === readFileSync(join(dir, name), "utf8")) {
        left.push(`${pid} (${readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim()})`);
        for (const target of [-pid, pid]) {
          try {
            process.kill(target, "SIGKILL"); // first its process group: spawnTracked makes each a group leader
            break;
          } catch {
            /* no such group: the process alone */
          }
        }
      }
    }
    rmSync(dir, { recursive: true, force: true });
    if (left.length)
      console.warn(`global teardown: ended ${left.length} process(es) a test left running: ${left.join("; ")}`);
  };
}
