/*
 * Layout-dependent values: the fixed header's height, used as the scroll offset for #anchors
 * (CSS variable --header-h). Measured once now and again 250 ms after the last resize event of a
 * burst, not on every event. `data-layout-passes` counts the measurements (read by the tests).
 */
export function startLayout(): void {
  const root = document.documentElement;
  let passes = 0;
  const measure = () => {
    const header = document.querySelector<HTMLElement>(".site-header");
    if (header) root.style.setProperty("--header-h", `${header.offsetHeight}px`);
    root.dataset.layoutPasses = String(++passes);
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
