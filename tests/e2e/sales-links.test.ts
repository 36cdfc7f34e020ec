/**
 * The sales links in Chromium (issue 31, decisions 069, 071): following one records a lead and
 * lands on wa.me (stood in by request interception: nothing leaves the machine) with the code in
 * the message; the campaign fields always, the click identifiers only with advertising consent;
 * without JavaScript the campaign fields come from the Referer. And the measurement behind
 * decision 069: Chromium follows a 303 to `mailto:` as it follows a `mailto:` link.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, BrowserContextOptions, Page, Request, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { variantsOf } from "../../src/content/variants";
import { segmentPath } from "../../src/content/segments";
import { copy } from "../copy";
import { ALL_MEASUREMENT_ENV } from "../fixtures";
import { fakeLeadStore, type FakeLeadStore } from "../http/fake-lead-store";
import { readLocation } from "../http/follow-sales";
import { launch, newPage } from "./helpers";

const PAGE = segmentPath("pt", "odontology");
const [VARIANT] = variantsOf("pt", "odontology");
const AD = "utm_source=google&utm_campaign=implante&gclid=Cj0KCQ_abc&fbclid=IwAR0_xyz";

/** Two sites on loopback (WhatsApp, every tool; e-mail only), each with its store, and the run's Chromium. */
function useLeadSites() {
  const env = {} as { browser: Browser; wa: Site; mail: Site };
  interface Site {
    url: string;
    store: FakeLeadStore;
    server: Server;
  }
  const start = async (vars: Record<string, string>): Promise<Site> => {
    const store = fakeLeadStore();
    const app = createApp({ config: loadConfig(vars), store });
    const server: Server = await new Promise((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, store, server };
  };
  beforeAll(async () => {
    [env.wa, env.mail, env.browser] = await Promise.all([
      start({ ...ALL_MEASUREMENT_ENV, SALES_WHATSAPP: "5511987654321" }),
      start({ CONTACT_EMAIL: "vendas@xia.test" }),
      launch(),
    ]);
  });
  afterAll(async () => {
    await env.browser?.close();
    for (const site of [env.wa, env.mail]) {
      site?.server.closeAllConnections();
      await new Promise((r) => site?.server.close(r));
    }
  });
  return env;
}
const env = useLeadSites();

/** A page of the WhatsApp site whose third parties (the tags, wa.me) get an empty 204. */
async function visit(path: string, options: BrowserContextOptions = {}) {
  const opened = await newPage(env.browser, options);
  await opened.context.route(/^https:\/\//, (route) => route.fulfill({ status: 204 }));
  await opened.page.goto(env.wa.url + path);
  return opened;
}

/**
 * Follows `link` and returns the wa.me request it ends in, read as the visitor's message. Waits
 * for the stand-in's answer (its 204 ends the navigation), not only for the request: a `goBack()`
 * sent while that navigation was still pending was aborted with it (net::ERR_ABORTED, at load 25).
 */
async function follow(page: Page, name: string) {
  const [response] = await Promise.all([
    page.waitForResponse((r: Response) => r.url().startsWith("https://wa.me/")),
    page.getByRole("link", { name, exact: true }).first().click(),
  ]);
  return readLocation(response.url());
}

describe("a lead per sales contact, in Chromium", () => {
  it("with JavaScript, refused then accepted in the footer's preferences: the campaign fields always, the click identifiers once accepted, the code in the message", async () => {
    // The ad lands on `/`; the visitor goes on to the segment page of the ad's variant.
    const { context, page } = await visit(`/?${AD}`);
    const arrived = Date.now();
    await page.goto(`${env.wa.url}${PAGE}?v=${VARIANT}`);
    const leadOf = (to: { code: string | null }) => env.wa.store.leads.find((l) => l.code === to.code)!;
    const campaign = { source: "google", campaign: "implante", medium: null };

    await page.getByRole("button", { name: copy("pt", "consent.reject") }).click();
    const refused = leadOf(await follow(page, copy("pt", "plans.enterprise.cta")));
    expect(refused).toMatchObject({
      path: PAGE,
      segment: "odontology",
      variant: VARIANT,
      plan: "enterprise",
      clicks: null,
    });
    expect(refused.utm).toMatchObject(campaign);

    // The visitor comes back to the page (opened again: a history step back raced the stand-in's
    // answer under load, net::ERR_ABORTED at load 13-25, whether or not the answer had come).
    await page.goto(`${env.wa.url}${PAGE}?v=${VARIANT}`);
    await page.getByRole("link", { name: copy("pt", "footer.cookies") }).click();
    await page.getByRole("button", { name: copy("pt", "consent.accept") }).click();
    const to = await follow(page, copy("pt", "source.ctaWhatsapp"));
    expect(to.ref).toBe(`ODO-${VARIANT}`);
    const accepted = leadOf(to);
    expect(accepted).toMatchObject({ path: PAGE, segment: "odontology", variant: VARIANT, plan: null });
    expect(accepted.utm).toMatchObject(campaign);
    expect(accepted.clicks).toMatchObject({ gclid: "Cj0KCQ_abc", fbclid: "IwAR0_xyz", gbraid: null });
    // The fbclid's time is when the visitor arrived with it, on the first page.
    expect(accepted.clicks!.fbclidAt!.getTime()).toBeLessThanOrEqual(arrived);
    await context.close();
  });

  it("without JavaScript: the campaign fields from the page the link was on, never a click identifier", async () => {
    const { context, page } = await visit(`${PAGE}?${AD}`, { javaScriptEnabled: false });
    const to = await follow(page, copy("pt", "source.ctaWhatsapp"));
    expect(to.code).not.toBeNull();
    const lead = env.wa.store.leads.find((l) => l.code === to.code)!;
    expect(lead.utm).toMatchObject({ source: "google", campaign: "implante" });
    expect(lead.clicks).toBeNull();
    await context.close();
  });
});

describe("without SALES_WHATSAPP (the measurement behind decision 069)", () => {
  it("Chromium follows the 303 to mailto: as it follows a mailto: link: the same navigation, the page stays", async () => {
    const { context, page } = await newPage(env.browser);
    await page.goto(env.mail.url + PAGE);
    const mailto = (r: Request) => r.url().startsWith("mailto:");
    const [request] = await Promise.all([
      page.waitForRequest(mailto),
      page.getByRole("link", { name: copy("pt", "source.ctaEmail") }).click(),
    ]);
    const to = readLocation(request.url());
    expect(request.url().startsWith("mailto:vendas@xia.test?subject=")).toBe(true);
    expect(to.code).toBe(env.mail.store.leads.at(-1)!.code);
    expect(request.redirectedFrom()?.url()).toContain("/sales?page=");
    // A plain mailto: link (the footer's contact address) goes the same way.
    const [direct] = await Promise.all([
      page.waitForRequest(mailto),
      page
        .getByRole("contentinfo")
        .getByRole("link", { name: copy("pt", "footer.contact") })
        .click(),
    ]);
    expect(direct.url()).toBe("mailto:vendas@xia.test");
    expect(page.url()).toBe(env.mail.url + PAGE);
    await context.close();
  });
});
