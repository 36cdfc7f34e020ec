import { describe, expect, it } from "vitest";
import { cspHeaderFor, inlineHashes } from "./security";

describe("cspHeaderFor", () => {
  it("allows no inline code when a response has none", () => {
    expect(cspHeaderFor({ script: [], style: [] })).toBe(
      "default-src 'none';script-src 'self';style-src 'self';img-src 'self' data:;font-src 'self';connect-src 'self';" +
        "manifest-src 'self';base-uri 'none';form-action 'self';frame-ancestors 'none';object-src 'none'",
    );
  });

  it("adds exactly the page's inline hashes to script-src and style-src", () => {
    const html = "<style>a{}</style><script>x()</script><script>x()</script><script src=/a.js></script>";
    const csp = cspHeaderFor(inlineHashes(html));
    expect(csp).toMatch(/;script-src 'self' 'sha256-[\w+/=]+';style-src 'self' 'sha256-[\w+/=]+';img-src /);
  });
});
