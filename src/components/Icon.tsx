import type { IconId } from "../content/icons";

/**
 * A decorative icon from the site's sprite (decision 023): hidden from assistive technology, no
 * accessible name of its own (the text beside it says what it means). `sprite` is the sprite's
 * hashed URL (PageContext.sprite); its size and colour come from CSS.
 */
export function Icon({ sprite, name, className }: { sprite: string; name: IconId; className?: string }) {
  return (
    <svg className={className ? `icon ${className}` : "icon"} aria-hidden="true">
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
