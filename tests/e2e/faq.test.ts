/*
 * The FAQ: native <details> elements, no island and no JavaScript of their own (their HTML is
 * checked in tests/http/pages.test.ts; without JavaScript, in islands.test.ts).
 */
import { describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, open, useSiteAndBrowser } from "./helpers";

const env = useSiteAndBrowser();

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
] as const)("FAQ (%s)", (_n, viewport) => {
  it("expands and collapses with mouse and keyboard, state exposed, several open at once", async () => {
    const { context, page } = await open(env, "/#faq", { viewport });
    const items = page.locator(".faq-item");
    await items.nth(0).locator("summary").click();
    expect(await items.nth(0).getAttribute("open")).toBe("");
    expect(await items.nth(0).locator("p").isVisible()).toBe(true);
    await items.nth(1).locator("summary").focus();
    await page.keyboard.press("Enter");
    expect(await items.nth(1).getAttribute("open")).toBe("");
    expect(await items.nth(0).getAttribute("open")).toBe("");
    await page.keyboard.press(" ");
    expect(await items.nth(1).getAttribute("open")).toBeNull();
    // What assistive technology gets: Chromium's accessibility tree for the first summary.
    const cdp = await context.newCDPSession(page);
    await cdp.send("DOM.enable");
    await cdp.send("Accessibility.enable");
    const { root } = await cdp.send("DOM.getDocument");
    const expandedOf = async (index: number) => {
      const { nodeIds } = await cdp.send("DOM.querySelectorAll", {
        nodeId: root.nodeId,
        selector: ".faq-item summary",
      });
      const { nodes } = await cdp.send("Accessibility.getPartialAXTree", {
        nodeId: nodeIds[index],
        fetchRelatives: false,
      });
      return nodes[0].properties?.find((p) => p.name === "expanded")?.value.value;
    };
    expect(await expandedOf(0)).toBe(true);
    expect(await expandedOf(1)).toBe(false);
    await context.close();
  });
});
