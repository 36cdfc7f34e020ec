// @vitest-environment happy-dom
import { beforeEach, expect, it } from "vitest";
import { keepArm } from "./arm";

beforeEach(() => {
  document.body.removeAttribute("data-xa");
});

const at = (url: string) => history.replaceState(null, "", url);

it.each([
  ["/segmentos/odontologia", "/segmentos/odontologia?xa=dental.b"],
  ["/segmentos/odontologia?utm_source=a%20b#pricing", "/segmentos/odontologia?utm_source=a%20b&xa=dental.b#pricing"],
])("the arm's token is written into the address bar: %s → %s", (from, to) => {
  document.body.setAttribute("data-xa", "dental.b");
  at(from);
  keepArm();
  expect(location.pathname + location.search + location.hash).toBe(to);
});

it("a URL that has an xa, or a page without an arm, is left as it is", () => {
  document.body.setAttribute("data-xa", "dental.b");
  at("/segmentos/odontologia?xa=dental.b");
  keepArm();
  expect(location.search).toBe("?xa=dental.b");
  document.body.removeAttribute("data-xa");
  at("/segmentos/odontologia?v=implante");
  keepArm();
  expect(location.search).toBe("?v=implante");
});
