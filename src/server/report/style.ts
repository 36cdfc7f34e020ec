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
  "--line:#dfe7e3;--bg-alt:#f4f8f6;--radius:14px;--focus:#1a73e8;--bad:#b3261e;",
  '--font:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif}',
  "*,*::before,*::after{box-sizing:border-box}",
  "body{margin:0;font:16px/1.5 var(--font);color:var(--ink);background:#fff}",
  "main{max-width:80rem;margin:0 auto;padding:16px}",
  "h1{font-size:1.5rem;line-height:1.2;margin:0 0 8px}h2{font-size:1.25rem;margin:32px 0 8px}h3{font-size:1.05rem}",
  "a{color:var(--green-strong);text-underline-offset:2px}:focus-visible{outline:3px solid var(--focus);outline-offset:2px}",
  ".notice{background:var(--green-soft);border:1px solid #9fd9b9;border-radius:8px;padding:8px 12px;margin:0 0 12px;font-size:.9rem}",
  // The cut of a long period (decision 129): information, not a success; its links on their own lines.
  ".notice.cut{background:var(--bg-alt);border-color:var(--line)}.notice.cut p{margin:0 0 4px}.notice.cut ul{margin:0;padding-left:1.2em}",
  ".intro,.note,.period{color:var(--ink-soft);font-size:.875rem}.period{margin:0 0 12px}",
  ".query{display:flex;flex-wrap:wrap;gap:12px;align-items:end;margin:16px 0 12px}",
  ".query label{display:flex;flex-direction:column;font-size:.85rem;color:var(--ink-soft);min-width:0;flex:1 1 11rem}",
  ".query input,.query select{width:100%}",
  "fieldset label{display:flex;flex-direction:column;min-width:0;max-width:100%}fieldset input,fieldset select{max-width:100%;min-width:0}",
  ".query input,.query select,fieldset select,button{font:inherit;font-size:1rem;padding:8px;border:1px solid var(--line);",
  "border-radius:8px;background:#fff;color:var(--ink);max-width:100%}",
  "button{background:var(--green-strong);color:#fff;border-color:var(--green-strong);padding:8px 16px;cursor:pointer}",
  // Pills: the preset periods, the table's order, the filters.
  ".presets ul,.sort-by ul,.filters{list-style:none;padding:0;margin:0;display:flex;flex-wrap:wrap;gap:8px}",
  ".presets a,.presets strong,.sort-by a,.sort-by strong{display:inline-block;padding:4px 12px;border:1px solid var(--line);",
  "border-radius:999px;font-size:.875rem;text-decoration:none;white-space:nowrap}",
  ".presets strong,.sort-by strong{background:var(--green-strong);border-color:var(--green-strong);color:#fff;font-weight:600}",
  ".sort-by{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:16px 0 12px}.sort-by>span{font-size:.875rem;color:var(--ink-soft)}",
  ".filters{margin-top:12px}.filters li{background:var(--green-soft);border-radius:999px;padding:4px 12px;font-size:.875rem;overflow-wrap:anywhere}",
  ".cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(140px,1fr));gap:12px;margin:0}",
  ".card{border:1px solid var(--line);border-radius:var(--radius);padding:12px 16px;background:var(--bg-alt);min-width:0}",
  ".card dt{font-size:.875rem;color:var(--ink-soft);line-height:1.3}.card dd{margin:0}",
  ".big{font-size:clamp(1.25rem,2.2vw + .5rem,1.75rem);font-weight:700;font-variant-numeric:tabular-nums;overflow-wrap:break-word;margin:2px 0;line-height:1.25}",
  ".delta{font-size:.8rem;color:var(--ink-soft);line-height:1.35}.better{color:var(--green-strong)}.worse{color:var(--bad)}",
  '.delta.up::before{content:"▲ ";content:"▲ " / ""}.delta.down::before{content:"▼ ";content:"▼ " / ""}',
  ".chart{margin:0 0 16px}.chart figcaption{font-weight:600;margin-bottom:4px;font-size:.95rem}",
  ".legend{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:4px 16px;font-size:.85rem;margin:0 0 8px}",
  ".swatch{display:inline-block;width:12px;height:12px;border-radius:3px;margin-right:6px;vertical-align:-1px}",
  "svg{display:block;overflow:visible}",
  ".chart-label{font:600 13px var(--font);fill:var(--ink)}",
  ".chart-value,.chart-axis{font:12px var(--font);fill:var(--ink-soft)}",
  ".chart-axis{paint-order:stroke;stroke:#fff;stroke-width:4px;stroke-linejoin:round}.cost-axis{fill:#1a5fc0}",
  ".grid{stroke:var(--line);stroke-width:1}",
  ".s-leads{fill:#0b6e4f;background:#0b6e4f}.s-qualified{fill:#3fbf7f;background:#3fbf7f}",
  ".s-won{fill:#c77700;background:#c77700}.s-cost{background:#1a73e8}",
  ".cost-line{stroke:#1a73e8;stroke-width:2}",
  ".scroll{overflow-x:auto;max-width:100%;border:1px solid var(--line);border-radius:8px}",
  "table{border-collapse:collapse;width:100%;font-size:.9rem}",
  "th,td{padding:8px 10px;text-align:left;border-bottom:1px solid var(--line);white-space:nowrap;vertical-align:top}",
  "thead th{background:var(--bg-alt);font-size:.8rem;color:var(--ink-soft);vertical-align:bottom}",
  "thead th a{color:inherit;text-decoration:none}thead th a:hover{text-decoration:underline}",
  "th[aria-sort] a{color:var(--green-strong);font-weight:700}",
  'th[aria-sort=ascending] a::after{content:" ↑"}th[aria-sort=descending] a::after{content:" ↓"}',
  "th.name{font-weight:500;white-space:normal;min-width:9rem;max-width:16rem;overflow-wrap:anywhere}",
  // A long campaign or ad name: two lines, the rest in its title and on its drill-down.
  ".clamp{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;line-clamp:2;overflow:hidden}",
  ".num{text-align:right;font-variant-numeric:tabular-nums}tfoot th,tfoot td{font-weight:700}",
  ".tech{color:var(--ink-soft);font-size:.75rem}",
  ".downloads{font-size:.9rem}form.inline{display:inline}",
  "fieldset{border:1px solid var(--line);border-radius:var(--radius);padding:12px 16px;display:flex;flex-wrap:wrap;gap:12px;align-items:end;min-width:0}",
  // Up to a desk (< 1024 px), each row of the breakdown is a card: its names, then its numbers.
  "@media (max-width:1023.98px){",
  ".scroll.rows{overflow:visible;border:0;border-radius:0}",
  "table.breakdown,.breakdown tbody,.breakdown tfoot{display:block}",
  ".breakdown thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}",
  ".breakdown tr{display:grid;grid-template-columns:repeat(6,minmax(0,1fr));gap:8px 12px;",
  "border:1px solid var(--line);border-radius:var(--radius);padding:12px 14px;margin:0 0 12px}",
  ".breakdown th,.breakdown td{display:block;border:0;padding:0;white-space:normal;min-width:0;max-width:none}",
  ".breakdown th[scope=row]{grid-column:1/-1;font-size:1rem}.breakdown th[scope=row]+th[scope=row]{margin-top:-6px;font-weight:400}",
  ".breakdown td.key{grid-column:span 2;display:flex;flex-direction:column;justify-content:space-between;text-align:left;font-size:.95rem;font-weight:700}",
  ".breakdown td.more{grid-column:1/-1;display:flex;justify-content:space-between;gap:12px;font-size:.8125rem;line-height:1.35}",
  ".breakdown td.key+td.more{border-top:1px solid var(--line);padding-top:8px}",
  ".breakdown td::before{content:attr(data-label);font-size:.75rem;font-weight:400;color:var(--ink-soft);line-height:1.3;text-align:left}",
  ".breakdown td.more::before{font-size:.8125rem}",
  ".breakdown tfoot tr{background:var(--bg-alt)}}",
  // A tablet's card: the six main numbers in one line, the others two to a line.
  "@media (min-width:600px) and (max-width:1023.98px){.breakdown td.key{grid-column:span 1}",
  ".breakdown td.more{grid-column:span 3;border-top:1px solid var(--line);padding-top:6px}}",
  "@media (max-width:767.98px){.wide{display:none}",
  ".cards{grid-template-columns:1fr 1fr}.card:last-child:nth-child(odd){grid-column:1/-1}}",
  "@media (max-width:359.98px){.breakdown td.key{grid-column:span 3}.card{padding:10px 12px}.big{font-size:1.125rem}}",
  "@media (min-width:768px){main{padding:24px 32px}h1{font-size:2rem}.narrow{display:none}.cards{grid-template-columns:repeat(3,1fr)}}",
  // On a desk the table, the names held at the left while the numbers scroll.
  "@media (min-width:1024px){.cards{grid-template-columns:repeat(5,1fr)}",
  "thead th{white-space:normal;min-width:5.5rem}th.name{min-width:12rem;max-width:18rem}",
  ".breakdown tr>th:first-child{position:sticky;left:0;z-index:1;background:#fff;box-shadow:1px 0 0 var(--line)}",
  ".breakdown thead tr>th:first-child{background:var(--bg-alt)}}",
  "@media (min-width:1280px){th.name{min-width:15rem;max-width:20rem}}",
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
