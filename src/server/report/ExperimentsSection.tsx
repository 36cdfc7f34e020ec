/**
 * The report's "Experimentos" section (issue 37 item 6, decision 096): per experiment and phase its
 * status in Portuguese, days run, the sample-ratio mismatch p-value, E against its threshold, r̂ with
 * its 95% interval, per arm arrivals, leads, qualified, sales and value (leads, sales and value also
 * per 1,000 arrivals, and the qualified within 14 days among leads at least 14 days old), and the plan line. The same
 * data as `/leads/experiments.json` (loadExperiments), only written for a marketer.
 */
import { reportText as r } from "../../content/catalogue";
import { ALPHA } from "../experiments/stats";
import type { ExperimentPhase } from "./experiments";
import { count, DASH } from "./format";
import { ScrollBox } from "./ScrollBox";

const num = (x: number | null) => (x === null ? DASH : count(x));

function Phase({ p }: { p: ExperimentPhase }) {
  const threshold = (p.arms.length - 1) / ALPHA;
  const cols = ["arrivals", "leads", "qualified", "sales", "value"] as const;
  // Shown, never deciding (issue 37 item 5): per 1,000 arrivals, and the strict 14-day window.
  const perThousand = ["leads", "sales", "value"] as const;
  const weeks = p.plan.weeks;
  return (
    <>
      <h3>{r("report.experiments.phase", { id: p.id, phase: p.phase })}</h3>
      <dl>
        <dt>{r("report.experiments.status")}</dt>
        <dd>{r(`report.experiments.status.${p.status}`, { arm: p.winner ?? "" })}</dd>
        <dt>{r("report.experiments.days")}</dt>
        <dd>{p.days}</dd>
        <dt>{r("report.experiments.srm")}</dt>
        <dd>{num(p.srm_p)}</dd>
        <dt>{r("report.experiments.e", { threshold })}</dt>
        <dd>{num(p.e)}</dd>
        <dt>{r("report.experiments.ratio")}</dt>
        <dd>
          {r("report.experiments.interval", {
            ratio: num(p.ratio),
            lo: num(p.interval[0]),
            hi: p.interval[1] === null ? r("report.experiments.unbounded") : num(p.interval[1]),
          })}
        </dd>
      </dl>
      <ScrollBox name={r("report.experiments.phase", { id: p.id, phase: p.phase })}>
        <table>
          <thead>
            <tr>
              <th scope="col">{r("report.experiments.arm")}</th>
              <th scope="col" className="num">
                {r("report.experiments.weight")}
              </th>
              {cols.map((c) => (
                <th key={c} scope="col" className="num">
                  {r(`report.experiments.${c}`)}
                </th>
              ))}
              {perThousand.map((c) => (
                <th key={c} scope="col" className="num">
                  {r("report.experiments.perThousand", { what: r(`report.experiments.${c}`) })}
                </th>
              ))}
              <th scope="col" className="num">
                {r("report.experiments.strict")}
              </th>
            </tr>
          </thead>
          <tbody>
            {p.arms.map((a) => (
              <tr key={a.id}>
                <th scope="row">{a.id}</th>
                <td className="num">{a.weight}</td>
                {cols.map((c) => (
                  <td key={c} className="num">
                    {count(a[c])}
                  </td>
                ))}
                {perThousand.map((c) => (
                  <td key={c} className="num">
                    {a.arrivals ? count((a[c] * 1000) / a.arrivals) : DASH}
                  </td>
                ))}
                <td className="num">
                  {a.mature
                    ? r("report.experiments.strict.rate", { qualified: a.matureQualified, leads: a.mature })
                    : DASH}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <p>
        {weeks
          ? r("report.experiments.plan", { perWeek: count(p.plan.per_week), double: weeks.double, half: weeks.half })
          : r("report.experiments.plan.none")}
      </p>
    </>
  );
}

export function Experiments({ phases }: { phases: readonly ExperimentPhase[] }) {
  return (
    <section aria-labelledby="experiments">
      <h2 id="experiments">{r("report.experiments.title")}</h2>
      {phases.map((p) => (
        <Phase key={`${p.id} ${p.phase}`} p={p} />
      ))}
    </section>
  );
}
