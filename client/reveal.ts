/*
 * Sections fade in once when they first scroll into view. Only sections still below the fold when
 * this runs are hidden (class `reveal-pending`, set here, so nothing is hidden without JavaScript),
 * and each is unobserved once shown. With prefers-reduced-motion they are never hidden.
 */
export function startReveal(): void {
  if (matchMedia("(prefers-reduced-motion: reduce)").matches || !("IntersectionObserver" in window)) return;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        entry.target.classList.remove("reveal-pending");
        entry.target.setAttribute("data-revealed", "");
        observer.unobserve(entry.target);
      }
    },
    { rootMargin: "0px 0px -8% 0px" },
  );
  for (const section of document.querySelectorAll<HTMLElement>(".reveal")) {
    if (section.getBoundingClientRect().top > window.innerHeight) {
      section.classList.add("reveal-pending");
      observer.observe(section);
    }
  }
}
