/*
 * Layout-dependent values: the fixed header's height, used as the scroll offset for #anchors
 * (CSS variable --header-h). Measured once at start and again 250 ms after the last resize event of
 * a burst, not on every event. `data-layout-passes` counts the measurements (read by the tests).
 *
 * A measurement never forces a layout (decision 027): the height is read in a ResizeObserver's
 * report, which the browser makes right after it has laid the page out anyway, and the observer is
 * dropped after that one report. Reading `offsetHeight` at once forced a layout while the page was
 * still loading, and writing the variable made the reveal's next read force another.
 */
export function startLayout(): void {
  const root = document.documentElement;
  const header = document.querySelector<HTMLElement>(".site-header");
  let passes = 0;
  /** One pass, made when the page is laid out: the header's height into --header-h. */
  const pass = () => {
    if (header) {
      const height = `${header.offsetHeight}px`;
      // Written only when it differs from what the page has (the stylesheet gives the usual
      // height): a change to a variable on <html> restyles every element.
      if (getComputedStyle(root).getPropertyValue("--header-h").trim() !== height)
        root.style.setProperty("--header-h", height);
    }
    root.dataset.layoutPasses = String(++passes);
  };
  const measure = () => {
    if (!header || !("ResizeObserver" in window)) return pass();
    const observer = new ResizeObserver(() => {
      observer.disconnect();
      pass(); // the browser has just laid the page out: these reads force nothing
    });
    observer.observe(header);
  };
  measure();
  let timer: ReturnType<typeof setTimeout> | undefined;
  window.addEventListener(
    "resize",
    () => {
      clearTimeout(timer);
      timer = setTimeout(measure, 250);
    },
    { passive: true },
  );
}
