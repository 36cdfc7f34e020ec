/**
 * The plumbing in the report (issue 32, issue 36 item 6): per destination how many deliveries are
 * sent, pending, failed and expired with the latest reason in Portuguese, and the latest failed
 * deliveries with their lead's code; every time in TIME_ZONE with its offset.
 */
import { reportText as r } from "../../content/catalogue";
import { ScrollBox } from "./ScrollBox";
import type { DeadLetter, DestinationStats } from "../ledger/stats";
import { localTime } from "./format";
import { reasonText } from "./reasons";
import { redact } from "../outbox/destination";

// An error stored before destinations' errors were redacted (decision 090) may still hold a token
// (Meta's once travelled in the URL): credential-shaped text is redacted again where it is shown.
const Reason = ({ error }: { error: string | null }) =>
  error === null ? null : (
    <>
      {reasonText(error)} <small className="tech">({redact(error)})</small>
    </>
  );

export function Deliveries(props: {
  deliveries: readonly DestinationStats[];
  dead: readonly DeadLetter[];
  timeZone: string;
  /** The retry form's action and token. */
  retry: { action: string; csrf: string };
  googleFetch: { at: Date; rows: number } | null;
  googleConfigured: boolean;
}) {
  const { deliveries, dead, timeZone, retry, googleFetch, googleConfigured } = props;
  const failed = deliveries.reduce((n, d) => n + d.failed, 0);
  const cols = ["sent", "pending", "failed", "expired"] as const;
  return (
    <section aria-labelledby="deliveries">
      <h2 id="deliveries">{r("report.deliveries.title")}</h2>
      {deliveries.length === 0 ? (
        <p>{r("report.deliveries.none")}</p>
      ) : (
        <ScrollBox name={r("report.deliveries.title")}>
          <table>
            <thead>
              <tr>
                <th scope="col">{r("report.deliveries.destination")}</th>
                {cols.map((c) => (
                  <th key={c} scope="col" className="num">
                    {r(`report.deliveries.${c}`)}
                  </th>
                ))}
                <th scope="col">{r("report.deliveries.lastError")}</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((d) => (
                <tr key={d.destination}>
                  <th scope="row">{d.destination}</th>
                  {cols.map((c) => (
                    <td key={c} className="num">
                      {d[c]}
                    </td>
                  ))}
                  <td>
                    <Reason error={d.lastError} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
      {failed > 0 && (
        <form method="post" action={retry.action}>
          <input type="hidden" name="csrf" value={retry.csrf} />
          <button type="submit">{r("report.retry")}</button>
        </form>
      )}
      {googleConfigured && (
        <>
          <h3>{r("report.google.title")}</h3>
          <p>
            {googleFetch
              ? r("report.google.fetched", { at: localTime(googleFetch.at, timeZone), rows: googleFetch.rows })
              : r("report.google.never")}
          </p>
        </>
      )}
      {dead.length > 0 && (
        <>
          <h3 id="dead">{r("report.dead.title", { timeZone })}</h3>
          <ScrollBox name={r("report.dead.code")}>
            <table>
              <thead>
                <tr>
                  {(["destination", "status", "code", "event", "attempts", "at", "lastError"] as const).map((c) => (
                    <th key={c} scope="col">
                      {r(c === "destination" || c === "lastError" ? `report.deliveries.${c}` : `report.dead.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {dead.map((d, i) => (
                  <tr key={i}>
                    <td>{d.destination}</td>
                    <td>{r(`report.deliveries.${d.status === "expired" ? "expired" : "failed"}`)}</td>
                    <td>{d.code}</td>
                    <td>{d.event}</td>
                    <td className="num">{d.attempts}</td>
                    <td>{localTime(d.createdAt, timeZone)}</td>
                    <td>
                      <Reason error={d.lastError} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        </>
      )}
    </section>
  );
}
