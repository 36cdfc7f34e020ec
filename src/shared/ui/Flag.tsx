/** Inline SVG flags (emoji flags do not render on Windows). Always decorative: the language's name is the text. */
import type { Lang } from "../languages";

export function Flag({ lang }: { lang: Lang }) {
  const common = {
    className: "flag",
    width: 20,
    height: 14,
    viewBox: "0 0 20 14",
    "aria-hidden": true,
    focusable: false,
  } as const;
  if (lang === "pt") {
    return (
      <svg {...common}>
        <rect width="20" height="14" rx="2" fill="#009C3B" />
        <path d="M10 2 18 7 10 12 2 7z" fill="#FFDF00" />
        <circle cx="10" cy="7" r="2.8" fill="#002776" />
      </svg>
    );
  }
  if (lang === "es") {
    return (
      <svg {...common}>
        <rect width="20" height="14" rx="2" fill="#AA151B" />
        <rect y="3.5" width="20" height="7" fill="#F1BF00" />
      </svg>
    );
  }
  return (
    <svg {...common}>
      <rect width="20" height="14" rx="2" fill="#B22234" />
      <path d="M0 3h20M0 6h20M0 9h20M0 12h20" stroke="#fff" strokeWidth="1.1" />
      <rect width="9" height="7.5" fill="#3C3B6E" />
    </svg>
  );
}
