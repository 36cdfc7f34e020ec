/**
 * `npx tsx scripts/make-images.ts`: draws the site's raster images with Chromium and writes them
 * to public/ (they are committed; run this again only when the brand changes):
 * - og-image.png (1200×630), the link preview WhatsApp and others show, in Portuguese;
 * - apple-touch-icon.png (180×180) and favicon.ico (32×32 PNG inside an ICO container).
 */
import { chromium } from "playwright-core";
import { readFileSync, writeFileSync } from "node:fs";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/e2e/browser";

const mark = readFileSync("public/favicon.svg", "utf8");
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const page = await browser.newPage();

async function shot(width: number, height: number, html: string): Promise<Buffer> {
  await page.setViewportSize({ width, height });
  await page.setContent(`<!doctype html><html><body style="margin:0">${html}</body></html>`);
  return page.screenshot({ type: "png", omitBackground: false });
}

const og = await shot(
  1200,
  630,
  `
  <div style="width:1200px;height:630px;box-sizing:border-box;padding:72px 80px;font-family:system-ui,'DejaVu Sans',sans-serif;
    background:radial-gradient(900px 500px at 90% -10%,rgba(37,211,102,.35),transparent 60%),#0b1f17;color:#fff;display:flex;flex-direction:column;justify-content:space-between">
    <div style="display:flex;align-items:center;gap:20px;font-size:44px;font-weight:800">
      <div style="width:72px;height:72px">${mark.replace("<svg ", '<svg width="72" height="72" ')}</div>XIA
    </div>
    <div>
      <div style="font-size:68px;line-height:1.1;font-weight:800;letter-spacing:-1px;max-width:980px">IA que vende e atende no WhatsApp, 24 horas por dia</div>
      <div style="margin-top:24px;font-size:32px;color:#c5d8cf">Qualifica leads, faz follow-up e agenda sozinha. Comece grátis.</div>
    </div>
    <div style="display:flex;gap:14px;font-size:26px;color:#dcebe4">
      <span style="padding:8px 20px;border:2px solid rgba(255,255,255,.2);border-radius:999px">IA avançada</span>
      <span style="padding:8px 20px;border:2px solid rgba(255,255,255,.2);border-radius:999px">WhatsApp Business</span>
      <span style="padding:8px 20px;border:2px solid rgba(255,255,255,.2);border-radius:999px">Sem contrato</span>
    </div>
  </div>`,
);
writeFileSync("public/og-image.png", og);

const icon = (size: number) =>
  `<div style="width:${size}px;height:${size}px;background:#fff">${mark.replace("<svg ", `<svg width="${size}" height="${size}" `)}</div>`;
writeFileSync(
  "public/apple-touch-icon.png",
  await shot(180, 180, icon(180).replace("background:#fff", "background:#25D366")),
);
const png32 = await shot(32, 32, icon(32).replace("background:#fff", "background:transparent"));

// ICO container with one PNG image (supported by every browser since Windows Vista-era formats).
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // type: icon
header.writeUInt16LE(1, 4); // one image
header.writeUInt8(32, 6); // width
header.writeUInt8(32, 7); // height
header.writeUInt8(0, 8); // palette
header.writeUInt8(0, 9); // reserved
header.writeUInt16LE(1, 10); // colour planes
header.writeUInt16LE(32, 12); // bits per pixel
header.writeUInt32LE(png32.length, 14); // image size
header.writeUInt32LE(22, 18); // image offset
writeFileSync("public/favicon.ico", Buffer.concat([header, png32]));

await browser.close();
console.log("wrote public/og-image.png, public/apple-touch-icon.png, public/favicon.ico");
