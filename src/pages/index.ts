/**
 * Every page the site routes, from its descriptor (src/pages/page.ts, decision 057): the landing
 * page, a page per segment (src/content/segments.ts, decision 054) and the legal pages; and the
 * message pages (404, errors), which answer any path. A new kind of page is a descriptor beside its
 * component and a line here.
 */
import { SEGMENT_KEYS } from "../content/segments";
import { landingPage } from "./Landing";
import { legalPage } from "./Legal";
import { messagePage, type MessageKind } from "./Message";
import type { PageDescriptor } from "./page";
import { segmentPage } from "./Segment";

export type { MessageKind };
export { cacheKey, pathsOf, type PageDescriptor } from "./page";

/** The routed pages, in the order their routes are registered. */
export const PAGES: readonly PageDescriptor[] = [
  landingPage,
  ...SEGMENT_KEYS.map(segmentPage),
  legalPage("privacy"),
  legalPage("terms"),
];

const KINDS: readonly MessageKind[] = ["notFound", "badRequest", "methodNotAllowed", "generic"];

/** The 404 page and the error pages by kind. */
export const MESSAGE_PAGES = Object.fromEntries(KINDS.map((kind) => [kind, messagePage(kind)])) as Record<
  MessageKind,
  PageDescriptor
>;
