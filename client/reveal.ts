/*
 * Sections fade in once when they first scroll into view. Only sections below the fold when the
 * page starts are hidden (class `reveal-pending`, set here, so nothing is hidden without
 * JavaScript), and each is unobserved once shown. With prefers-reduced-motion they are never hidden.
 *
 * Which sections are below the fold comes from the first report of an IntersectionObserver on the
 * viewport (each entry's `boundingClientRect` against its `rootBounds`), which the browser computes
 * with the layout of its next frame, not from measuring each section now: that forced a layout per
 * section while the page was loading (decision 027). A section is hidden only if it was wholly
 * below the viewport in that frame, so nothing the visitor already sees fades out.
 */
export function startReveal(): void {
  if (matchMedia("(prefers-reduced-motion: reduce)").matches || !("IntersectionObserver" in window)) return;
  const reveal = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        entry.target.classList.remove("reveal-pending");
        entry.target.setAttribute("data-revealed", "");
        reveal.unobserve(entry.target);
      }
    },
    { rootMargin: "0px 0px -8% 0px" },
  );
  const fold = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      fold.unobserve(entry.target);
      const below = entry.boundingClientRect.top > (entry.rootBounds?.bottom ?? window.innerHeight);
      if (entry.isIntersecting || !below) continue;
      entry.target.classList.add("reveal-pending");
      reveal.observe(entry.target);
    }
  });
  for (const section of document.querySelectorAll(".reveal")) fold.observe(section);
}
