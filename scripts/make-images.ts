/**
 * `npx tsx scripts/make-images.ts`: draws the site's raster images with Chromium and writes them
 * to public/ (they are committed; run this again only when the brand changes):
 * - og-image-pt.png, og-image-en.png, og-image-es.png (1200×630): the link preview WhatsApp and
 *   others show, one per language, drawn from that language's catalogue (the legal pages use pt);
 * - apple-touch-icon.png (180×180) and favicon.ico (32×32 PNG inside an ICO container).
 */
import { chromium } from "playwright-core";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { escapeHtml } from "../views/document";
import { t } from "../src/content/catalogue";
import { LANGS, type Lang } from "../src/shared/languages";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/e2e/browser";

const BRAND = "XIA";

const mark = readFileSync("public/favicon.svg", "utf8");
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const page = await browser.newPage();

async function shot(width: number, height: number, html: string): Promise<Buffer> {
  await page.setViewportSize({ width, height });
  await page.setContent(`<!doctype html><html><body style="margin:0">${html}</body></html>`);
  return page.screenshot({ type: "png", omitBackground: false });
}

/** A Tabler icon (the site's set, decision 023) inline, for the images only. */
const tabler = (name: string, size: number, colour: string) =>
  readFileSync(createRequire(import.meta.url).resolve(`@tabler/icons/outline/${name}.svg`), "utf8").replace(
    /<svg[^>]*>/,
    `<svg xmlns="http://www.w3.org/2000/svg" style="flex:none" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="${colour}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">`,
  );

/**
 * The link preview of one language (1200×630): the hero's promise on the left, and on the right a
 * phone with the hero's conversation at work (voice transcribed, lead qualified, slot booked), all
 * from that language's catalogue.
 */
function previewHtml(lang: Lang): string {
  const tr = (key: string) => escapeHtml(t(lang, key, { brand: BRAND }));
  const bubble = (text: string, out: boolean) =>
    `<div style="align-self:${out ? "flex-end" : "flex-start"};max-width:84%;padding:10px 14px;border-radius:14px;${out ? "border-top-right-radius:3px;background:#d9fdd3" : "border-top-left-radius:3px;background:#fff"};font-size:19px;line-height:1.35;box-shadow:0 1px 1px rgba(0,0,0,.12)">${text}</div>`;
  const event = (icon: string, text: string) =>
    `<div style="align-self:center;display:flex;align-items:center;gap:8px;padding:6px 14px;border-radius:10px;background:#e1f7e9;color:#0b6e4f;font-size:17px;font-weight:700">${tabler(icon, 20, "#0b6e4f")}${text}</div>`;
  const badge = (icon: string, text: string) =>
    `<span style="display:inline-flex;align-items:center;gap:10px;padding:8px 18px;border:2px solid rgba(255,255,255,.2);border-radius:999px">${tabler(icon, 24, "#8ff0b5")}${text}</span>`;
  return `
  <div style="position:relative;width:1200px;height:630px;overflow:hidden;box-sizing:border-box;padding:64px 0 0 72px;font-family:system-ui,'DejaVu Sans',sans-serif;
    background:radial-gradient(900px 520px at 85% -10%,rgba(37,211,102,.32),transparent 60%),#0b1f17;color:#fff">
    <div style="display:flex;align-items:center;gap:18px;font-size:40px;font-weight:800">
      ${mark.replace("<svg ", '<svg width="60" height="60" ')}${BRAND}
    </div>
    <div style="margin-top:34px;display:inline-block;padding:6px 16px;border-radius:999px;background:rgba(37,211,102,.16);color:#8ff0b5;font-size:22px;font-weight:700">${tr("hero.eyebrow")}</div>
    <div style="margin-top:22px;width:640px;font-size:54px;line-height:1.1;font-weight:800;letter-spacing:-1px">${tr("hero.title")}</div>
    <div style="position:absolute;left:72px;bottom:56px;display:flex;gap:14px;font-size:22px;font-weight:600;color:#dcebe4">
      ${badge("brain", tr("hero.badges.ai"))}${badge("brand-whatsapp", tr("hero.badges.whatsapp"))}
    </div>
    <div style="position:absolute;top:48px;right:64px;width:380px;height:640px;box-sizing:border-box;padding:12px;border-radius:52px;background:#1f2c27;box-shadow:0 40px 80px rgba(0,0,0,.45),inset 0 0 0 1px rgba(255,255,255,.12)">
      <div style="display:flex;align-items:center;gap:14px;padding:26px 20px 16px;border-radius:40px 40px 0 0;background:#075e54">
        <div style="display:grid;place-items:center;width:46px;height:46px;border-radius:50%;background:#25d366;color:#052e1c;font-weight:800;font-size:22px">${BRAND.slice(0, 1)}</div>
        <div><div style="font-weight:700;font-size:21px">${tr("hero.chat.aiName")}</div><div style="font-size:16px;color:#d7f5e3">${tr("hero.chat.status")}</div></div>
      </div>
      <div style="display:flex;flex-direction:column;gap:12px;height:100%;padding:18px 14px;background:#efeae2;color:#0f1f19">
        ${event("microphone", tr("hero.chat.transcribed"))}
        ${bubble(tr("hero.chat.transcript"), true)}
        ${event("user-check", tr("hero.chat.qualified"))}
        ${event("calendar-check", tr("hero.chat.bookedNote"))}
        ${bubble(tr("hero.chat.booked"), false)}
      </div>
    </div>
  </div>`;
}

for (const lang of LANGS) writeFileSync(`public/og-image-${lang}.png`, await shot(1200, 630, previewHtml(lang)));

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
console.log("wrote public/og-image-{pt,en,es}.png, public/apple-touch-icon.png, public/favicon.ico");
