/*
 * The landing page's entry when at least one measurement tool is configured (decision 044): the
 * plain entry (client/main.ts, byte for byte what it was before measurement existed) plus
 * measurement and consent (client/consent.ts). The server names this file instead of main's only
 * then, so a site with nothing configured ships not one byte of it; either way it is the one script
 * on the critical path, built alone like main, importing nothing at run time.
 */
import "./main";
import { startConsent } from "./consent";

startConsent();
