/** The spend import form (issue 36 item 3): the platform, the file, the form token; no JavaScript. */
import { reportText as r } from "../../content/catalogue";

export function SpendForm({ action, csrf }: { action: string; csrf: string }) {
  return (
    <section aria-labelledby="spend">
      <h2 id="spend">{r("report.spend.title")}</h2>
      <p className="note">{r("report.spend.intro")}</p>
      <form method="post" action={action} encType="multipart/form-data">
        <input type="hidden" name="csrf" value={csrf} />
        <fieldset>
          <legend>{r("report.spend.title")}</legend>
          <label>
            {r("report.spend.source")}{" "}
            <select name="source" defaultValue="google">
              <option value="google">{r("report.spend.google")}</option>
              <option value="meta">{r("report.spend.meta")}</option>
            </select>
          </label>
          <label>
            {r("report.spend.file")} <input type="file" name="file" accept=".csv,text/csv" required />
          </label>
          <button type="submit">{r("report.spend.submit")}</button>
        </fieldset>
      </form>
    </section>
  );
}
