/** The frame every landing section after the hero shares. Plain server HTML. */
import type { ReactNode } from "react";

/** A landing section: anchor id, heading (h2) with an optional lead line, then its content. */
export function Section({
  id,
  title,
  subtitle,
  alt = false,
  narrow = false,
  children,
}: {
  id: string;
  title: string;
  subtitle?: string;
  alt?: boolean;
  narrow?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={`section${alt ? " section-alt" : ""} reveal`} id={id} aria-labelledby={`${id}-title`}>
      <div className={`container${narrow ? " narrow" : ""}`}>
        <header className="section-head">
          <h2 id={`${id}-title`}>{title}</h2>
          {subtitle ? <p>{subtitle}</p> : null}
        </header>
        {children}
      </div>
    </section>
  );
}
