/**
 * `npx tsx scripts/report-screenshots.ts [outDir] [widths] [query]`: full-page screenshots of the
 * marketer's report (`/leads`) seeded with a realistic month (two fortnights to compare, Google and
 * Meta campaigns and ads with long Portuguese names, outcomes with values, spend imported for both
 * platforms), for a designer's reading (not a test; tests/e2e/report-layout.test.ts is the test).
 * Widths default to 320,390,768,1280,1440; the query to the last 14 days by campaign and ad.
 */
import { mkdirSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { chromium } from "playwright-core";
import { createApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/e2e/browser";
import { openTestStore, sampleLead } from "../tests/http/store-fixture";

const out = process.argv[2] ?? "screenshots/report";
const widths = (process.argv[3] ?? "320,390,768,1280,1440").split(",").map(Number);
const query = process.argv[4] ?? "from=2026-11-13&to=2026-11-26&by=campaign,content";
const PASSWORD = "correct-horse-battery-staple";
const now = new Date("2026-11-26T20:00:00Z");
const DAY = 86_400_000;

// [source, campaign id, campaign name, [ad id, ad name][], leads a day, qualified share, sale share]
const ADS = [
  [
    "google",
    "21870001",
    "Implante dentário | Pesquisa | São Paulo capital",
    [
      ["15530001", "Implante dentário | Remarketing 30 dias | Público semelhante 1%"],
      ["15530002", "Implante dentário | Palavras exatas | Preço e parcelamento"],
    ],
    3,
    0.4,
    0.12,
  ],
  [
    "google",
    "21870002",
    "Clínicas odontológicas — Performance Max — Brasil inteiro",
    [["15540001", "Clareamento | Público amplo | Interesses em estética e saúde bucal"]],
    2,
    0.25,
    0.05,
  ],
  [
    "meta",
    "120330001",
    "Concessionárias | Test-drive | Lookalike compradores 2%",
    [
      ["120330201", "Vídeo 15s test-drive SUV — versão vertical para Reels e Stories"],
      ["120330202", "Carrossel seminovos com garantia de fábrica"],
    ],
    2,
    0.3,
    0.08,
  ],
  [
    "meta",
    "120330002",
    "Imobiliárias | Leads de lançamento | Zona Sul",
    [["120330301", "Imagem única — apartamento decorado 2 quartos com varanda gourmet"]],
    1,
    0.35,
    0.1,
  ],
] as const;

const store = await openTestStore("sqlite", { timeoutMs: 10_000 });
let n = 0;
for (let d = 0; d < 28; d++) {
  const day = new Date(now.getTime() - d * DAY - 8 * 3_600_000);
  for (const [source, campaignId, campaignName, ads, perDay, q, w] of ADS) {
    for (const [adId, adName] of ads) {
      // The recent fortnight a little better than the one before.
      const leads = perDay + ((d * 7 + adId.length + n) % 3) - (d >= 14 ? 1 : 0);
      for (let i = 0; i < Math.max(0, leads); i++) {
        n++;
        const code = await store.createLead(
          sampleLead({
            segment: source === "google" ? "odontology" : campaignId === "120330001" ? "vehicles" : "real_estate",
            utm: {
              source,
              medium: source === "google" ? "cpc" : "paid_social",
              campaign: source === "google" ? campaignId : campaignName,
              term: null,
              content: source === "google" ? adId : adName,
            },
          }),
          new Date(day.getTime() - i * 600_000),
        );
        const r = ((n * 37) % 100) / 100;
        if (r < w)
          await store.recordEvent(code, { type: "won", value: 2400 + (n % 7) * 350, currency: "BRL", at: now });
        else if (r < q) await store.recordEvent(code, { type: "qualified", value: null, currency: null, at: now });
      }
    }
  }
}
for (const source of ["google", "meta"] as const)
  await store.spend.import(
    source,
    ADS.filter((a) => a[0] === source).flatMap(([, campaignId, campaignName, ads, perDay]) =>
      ads.flatMap(([adId, adName], k) =>
        Array.from({ length: 28 }, (_, d) => ({
          day: new Date(now.getTime() - d * DAY - 8 * 3_600_000).toISOString().slice(0, 10),
          campaignId,
          campaignName,
          groupId: source === "google" ? adId : `${campaignId}9`,
          groupName: source === "google" ? adName : "Conjunto principal",
          adId: source === "meta" ? adId : null,
          adName: source === "meta" ? adName : null,
          currency: "BRL",
          cost: Math.round((40 + perDay * 25 + k * 18 + ((d * 13) % 17)) * 100) / 100,
        })),
      ),
    ),
  );

const app = createApp({ config: loadConfig({ LEADS_REPORT_PASSWORD: PASSWORD }), store, now: () => now });
const server = await new Promise<Server>((resolve) => {
  const s = app.listen(0, "127.0.0.1", () => resolve(s));
});
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const w of widths) {
    const context = await browser.newContext({
      viewport: { width: w, height: w < 768 ? 844 : 900 },
      httpCredentials: { username: "marketing", password: PASSWORD },
    });
    const page = await context.newPage();
    await page.goto(`${url}/leads?${query}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    const name = `${out}/report-${w}.png`;
    await page.screenshot({ path: name, fullPage: true });
    console.log(`${name}${overflow > 0 ? ` horizontal overflow ${overflow}px` : ""}`);
    // The page in screen-high slices as well, readable at their own size.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const slice = w < 768 ? 844 : 900;
    for (let y = 0, i = 0; y < height; y += slice, i++)
      await page.screenshot({
        path: `${out}/report-${w}-${i}.png`,
        fullPage: true,
        clip: { x: 0, y, width: w, height: Math.min(slice, height - y) },
      });
    await context.close();
  }
} finally {
  await browser.close();
  server.closeAllConnections();
  server.close();
  await store.close();
}
