/**
 * The industries grid (server HTML only): a tile per segment, each a link to that segment's page
 * in the page's language (src/content/segments.ts). The landing page lists all of them and "and
 * more"; a segment page lists the others and a way back to the home page.
 */
import type { ReactNode } from "react";
import type { PageContext } from "../../content/pageContext";
import { Icon } from "../Icon";
import { SEGMENTS, SEGMENT_KEYS, segmentPath, type SegmentKey } from "../../content/segments";
import { Section } from "./Section";

export function Industries({
  ctx,
  title,
  subtitle,
  exclude,
  after,
  alt = true,
}: {
  ctx: PageContext;
  title?: string;
  subtitle?: string;
  /** The segment whose page this is, left out. */
  exclude?: SegmentKey;
  /** What follows the grid; the landing page's "and more" when absent. */
  after?: ReactNode;
  /** The tinted background (the landing page's; a segment page alternates the other way). */
  alt?: boolean;
}) {
  const { t, lang, sprite } = ctx;
  return (
    <Section
      id="industries"
      title={title ?? t("industries.title")}
      subtitle={subtitle ?? (title ? undefined : t("industries.subtitle"))}
      alt={alt}
    >
      <ul className="industry-grid">
        {SEGMENT_KEYS.filter((key) => key !== exclude).map((key) => (
          <li key={key}>
            <a href={segmentPath(lang, key)}>
              <Icon sprite={sprite} name={SEGMENTS[key].icon} />
              {t(`industries.${key}`)}
            </a>
          </li>
        ))}
      </ul>
      {after ?? (
        <p className="industries-more">
          <Icon sprite={sprite} name="plus" />
          {t("industries.more")}
        </p>
      )}
    </Section>
  );
}
