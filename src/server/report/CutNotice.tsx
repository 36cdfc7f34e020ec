/**
 * The notice above a breakdown whose period was cut (decision 129, cap.ts): which days the table
 * covers out of the days asked, and links to what answers the long period instead: each level alone
 * over the whole period (the campaigns of the year, the year by week…), and the days just before.
 */
import { reportText as r } from "../../content/catalogue";
import { daysBefore, type Cut } from "./cap";
import { dayText } from "./format";
import { href, paramsOf } from "./links";
import { daysBetween } from "./periods";
import type { ReportQuery } from "./range";

export function CutNotice({ path, query, cut }: { path: string; query: ReportQuery; cut: Cut }) {
  const params = paramsOf(query);
  const before = daysBefore(query, cut);
  return (
    <div className="notice cut" role="note">
      <p>
        {r("report.cut.text", {
          by: query.by.map((d) => r(`report.dim.${d}`)).join(" › "),
          days: cut.days,
          askedFrom: dayText(cut.askedFrom),
          from: dayText(query.fromDay),
          to: dayText(query.toDay),
        })}
      </p>
      <ul>
        {query.by.map((level) => (
          <li key={level}>
            <a href={href(path, { ...params, from: cut.askedFrom, by: level })}>
              {r("report.cut.whole", { by: r(`report.dim.${level}`) })}
            </a>
          </li>
        ))}
        <li>
          <a href={href(path, { ...params, ...before })}>
            {r("report.cut.before", {
              count: daysBetween(before.from, before.to) + 1,
              from: dayText(before.from),
              to: dayText(before.to),
            })}
          </a>
        </li>
      </ul>
    </div>
  );
}
