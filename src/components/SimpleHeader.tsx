import { LogoMark } from "../shared/ui/LogoMark";

/** The plain header of the legal, 404 and error pages: logo home and nothing that needs JavaScript. */
export function SimpleHeader({ brand, homeLabel, homeHref }: { brand: string; homeLabel: string; homeHref: string }) {
  return (
    <header className="site-header simple-header">
      <div className="container header-bar">
        <a className="logo" href={homeHref} aria-label={homeLabel}>
          <LogoMark />
          <span className="logo-text" aria-hidden="true">
            {brand}
          </span>
        </a>
      </div>
    </header>
  );
}
