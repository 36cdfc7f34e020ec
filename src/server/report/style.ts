/**
 * The report's document and its one inline stylesheet (decision 094): the site's tokens (type,
 * greens, spacing) from views/styles/tokens.css, a single column from 320 px that opens into a grid
 * of cards on wider screens; tables scroll inside their box, never the page; text at least 12 px.
 * Allowed by its hash in the page's own Content-Security-Policy (no `unsafe-inline`).
 */
import { createHash } from "node:crypto";
import { reportText } from "../../content/catalogue";
import { cspHeaderFor } from "../security";

export const STYLE = [
  ":root{--green-strong:#0b6e4f;--green-ink:#052e1c;--green-soft:#e8f8ef;--ink:#0f1f19;--ink-soft:#44544d;",
  "--line:#dfe7e3;--bg-alt:#f4f8f6;--radius:14px;--focus:#1a73e8;",
  '--font:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif}',
  "*,*::before,*::after{box-sizing:border-box}",
  "body{margin:0;font:16px/1.5 var(--font);color:var(--ink);background:#fff}",
  "main{max-width:72rem;margin:0 auto;padding:16px}",
  "h1{font-size:1.6rem;line-height:1.2;margin:0 0 8px}h2{font-size:1.25rem;margin:32px 0 12px}h3{font-size:1.05rem}",
  "a{color:var(--green-strong);text-underline-offset:2px}:focus-visible{outline:3px solid var(--focus);outline-offset:2px}",
  ".intro,.note{color:var(--ink-soft);font-size:.9rem}",
  ".query{display:flex;flex-wrap:wrap;gap:12px;align-items:end;margin:16px 0}",
  ".query label{display:flex;flex-direction:column;font-size:.85rem;color:var(--ink-soft);min-width:0;flex:1 1 9rem}",
  ".query input,.query select{width:100%}",
  "fieldset label{display:flex;flex-direction:column;min-width:0;max-width:100%}fieldset input,fieldset select{max-width:100%;min-width:0}",
  ".query input,.query select,button{font:inherit;font-size:1rem;padding:8px;border:1px solid var(--line);",
  "border-radius:8px;background:#fff;color:var(--ink);max-width:100%}",
  "button{background:var(--green-strong);color:#fff;border-color:var(--green-strong);padding:8px 16px;cursor:pointer}",
  ".filters{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:8px}",
  ".filters li{background:var(--green-soft);border-radius:999px;padding:4px 12px;font-size:.9rem}",
  ".cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(140px,1fr));gap:12px;margin:0}",
  ".card{border:1px solid var(--line);border-radius:var(--radius);padding:12px 16px;background:var(--bg-alt)}",
  ".card dt{font-size:.85rem;color:var(--ink-soft)}.card dd{margin:0}",
  ".big{font-size:clamp(1.15rem,4.6vw,1.6rem);font-weight:700;font-variant-numeric:tabular-nums;overflow-wrap:anywhere}",
  ".delta{font-size:.8rem;color:var(--ink-soft)}",
  ".chart{margin:0 0 16px}.chart figcaption{font-weight:600;margin-bottom:4px}",
  ".legend{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:4px 16px;font-size:.85rem;margin:0 0 8px}",
  ".swatch{display:inline-block;width:12px;height:12px;border-radius:3px;margin-right:6px;vertical-align:-1px}",
  "svg{display:block;overflow:visible}",
  ".chart-label{font:600 13px var(--font);fill:var(--ink)}",
  ".chart-value,.chart-axis{font:12px var(--font);fill:var(--ink-soft)}",
  ".grid{stroke:var(--line);stroke-width:1}",
  ".s-leads{fill:#0b6e4f;background:#0b6e4f}.s-qualified{fill:#3fbf7f;background:#3fbf7f}",
  ".s-won{fill:#c77700;background:#c77700}.s-cost{background:#1a73e8}",
  ".cost-line{stroke:#1a73e8;stroke-width:2}",
  ".scroll{overflow-x:auto;max-width:100%;border:1px solid var(--line);border-radius:8px}",
  "table{border-collapse:collapse;width:100%;font-size:.9rem}",
  "th,td{padding:6px 10px;text-align:left;border-bottom:1px solid var(--line);white-space:nowrap}",
  "thead th{background:var(--bg-alt);font-size:.8rem;color:var(--ink-soft)}",
  "th.name{font-weight:500;white-space:normal;min-width:10rem;max-width:18rem;overflow-wrap:anywhere}",
  ".num{text-align:right;font-variant-numeric:tabular-nums}tfoot th,tfoot td{font-weight:700}",
  ".tech{color:var(--ink-soft);font-size:.75rem}",
  ".downloads{font-size:.9rem}form.inline{display:inline}",
  "fieldset{border:1px solid var(--line);border-radius:var(--radius);padding:12px 16px;display:flex;flex-wrap:wrap;gap:12px;align-items:end;min-width:0}",
  "@media (min-width:768px){main{padding:24px 32px}h1{font-size:2rem}th.name{min-width:14rem}}",
].join("");

export const REPORT_CSP = cspHeaderFor({
  script: [],
  style: [`'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`],
});

export function reportDocument(body: string): string {
  return (
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    '<meta name="robots" content="noindex, nofollow">' +
    `<title>${reportText("report.title")}</title><style>${STYLE}</style></head><body>${body}</body></html>`
  );
}
