/**
 * A table's own horizontal scroll (decision 094): the page never scrolls sideways, a wide table
 * does inside this box. It is a named region a keyboard can focus (axe's scrollable-region-focusable:
 * a box that scrolls must be reachable without a mouse). `rows`: the breakdown's, cards on a phone.
 */
import type { ReactNode } from "react";
import { reportText as r } from "../../content/catalogue";

export function ScrollBox({ name, children, className }: { name: string; children: ReactNode; className?: string }) {
  return (
    <div
      className={className ? `scroll ${className}` : "scroll"}
      role="region"
      aria-label={r("report.table", { name })}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus (WCAG 2.1.1)
      tabIndex={0}
    >
      {children}
    </div>
  );
}
