/*
 * The FAQ: native <details> elements, no island and no JavaScript of their own (their HTML is
 * checked in tests/http/pages.test.ts; without JavaScript, in island-loading.test.ts).
 */
import { describe, expect, it } from "vitest";
import { copy } from "../copy";
import { DESKTOP, MOBILE, hydrated, useSiteAndBrowser } from "./helpers";
import { useSharedPage } from "./shared-page";

const env = useSiteAndBrowser();
// Opening a question stores nothing: one page for the file, each test a first visit (decision 119).
const { visit } = useSharedPage(env);

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
] as const)("FAQ (%s)", (_n, viewport) => {
  it("expands and collapses with mouse and keyboard, state exposed, several open at once", async () => {
    const { page } = await visit("/#faq", { viewport });
    await hydrated(page);
    // Two questions in a row (a <details> is a group; its <summary>, which has no role, is found by its text).
    const faq = page.getByRole("region", { name: copy("pt", "faq.title") });
    const [first, second] = ["credits", "followUp"].map((key) => {
      const question = copy("pt", `faq.${key}.q`);
      return { item: faq.getByRole("group").filter({ hasText: question }), question: faq.getByText(question) };
    });
    await first.question.click();
    expect(await first.item.getAttribute("open")).toBe("");
    expect(await first.item.getByRole("paragraph").isVisible()).toBe(true);
    // The click left the focus on the first question; Tab reaches the next one, Enter opens it.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    expect(await second.item.getAttribute("open")).toBe("");
    expect(await first.item.getAttribute("open")).toBe("");
    await page.keyboard.press(" ");
    expect(await second.item.getAttribute("open")).toBeNull();
    // What assistive technology gets: Chromium's accessibility tree for the same two summaries (the second and third).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("DOM.enable");
    await cdp.send("Accessibility.enable");
    const { root } = await cdp.send("DOM.getDocument");
    const expandedOf = async (index: number) => {
      const { nodeIds } = await cdp.send("DOM.querySelectorAll", { nodeId: root.nodeId, selector: "summary" });
      const { nodes } = await cdp.send("Accessibility.getPartialAXTree", {
        nodeId: nodeIds[index],
        fetchRelatives: false,
      });
      return nodes[0].properties?.find((p) => p.name === "expanded")?.value.value;
    };
    expect(await expandedOf(1)).toBe(true);
    expect(await expandedOf(2)).toBe(false);
    await cdp.detach();
  });
});
