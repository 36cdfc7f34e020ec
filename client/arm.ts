/**
 * An experiment's arm in the address bar (issue 37, decision 098): the server drew this page's arm
 * and names its token on `<body data-xa>`; written into the URL with `history.replaceState` (no
 * navigation, no storage, no flicker), a reload, back and a shared link keep the arm. A URL that
 * already has an `xa` is left as it is.
 */
import { ARM_PARAM } from "../src/shared/experiments";
import { readBodyData } from "../src/shared/pageData";
import { queryPairs } from "../src/shared/query";

export function keepArm(): void {
  const { xa } = readBodyData(document.body);
  const { pathname, search, hash } = location;
  if (!xa || queryPairs(search.slice(1)).some((p) => p.name === ARM_PARAM)) return;
  history.replaceState(history.state, "", `${pathname}${search ? `${search}&` : "?"}${ARM_PARAM}=${xa}${hash}`);
}
