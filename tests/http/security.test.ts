import { createHash } from "node:crypto";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { makeApp } from "./helpers";

const app = makeApp();

describe("headers on every response", () => {
  const paths = [
    ["/", 200],
    ["/en", 200],
    ["/privacy", 200],
    ["/nope", 404],
    ["/%E0%A4%A", 400],
    ["/robots.txt", 200],
    ["/favicon.ico", 200],
  ] as const;
  it.each(paths)("%s (%i)", async (path, status) => {
    const res = await request(app).get(path);
    expect(res.status).toBe(status);
    const h = res.headers;
    expect(h["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(h["cross-origin-opener-policy"]).toBe("same-origin");
    expect(h["cross-origin-resource-policy"]).toBe("same-origin");
    expect(h["x-frame-options"]).toBe("DENY");
    expect(h["permissions-policy"]).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
    expect(h["x-powered-by"]).toBeUndefined();
    expect(h["set-cookie"]).toBeUndefined();
    expect(h["content-security-policy"]).toMatch(/^default-src 'none';/);
    expect(h["content-security-policy"]).not.toMatch(/unsafe-/);
  });

  it("files that are not pages get the CSP with no inline code allowed", async () => {
    for (const path of ["/robots.txt", "/favicon.svg", "/sitemap.xml"]) {
      const csp: string = (await request(app).get(path)).headers["content-security-policy"];
      expect(csp, path).toMatch(/script-src 'self';style-src 'self';/);
    }
  });

  it("pages carry a CSP with no unsafe-*, hashes for exactly their inline code, and the required directives", async () => {
    for (const path of ["/", "/es", "/privacy", "/nope", "/?leads=5"]) {
      const res = await request(app).get(path);
      const csp: string = res.headers["content-security-policy"];
      expect(csp, path).not.toMatch(/unsafe-/);
      const d = Object.fromEntries(
        csp.split(";").map((p) => {
          const [k, ...v] = p.trim().split(/\s+/);
          return [k, v];
        }),
      );
      expect(d["default-src"]).toEqual(["'none'"]);
      expect(d["base-uri"]).toEqual(["'none'"]);
      expect(d["form-action"]).toEqual(["'self'"]);
      expect(d["frame-ancestors"]).toEqual(["'none'"]);
      expect(d["object-src"]).toEqual(["'none'"]);
      expect(d["img-src"]).toEqual(["'self'", "data:"]);
      const inlineScripts = [...res.text.matchAll(/<script(?![^>]*\bsrc=)[^>]*>[\s\S]+?<\/script>/g)].length;
      expect(d["script-src"].filter((s: string) => s.startsWith("'sha256-"))).toHaveLength(inlineScripts);
      // The one inline <style> is the page's own CSS (each kind of page has its own, decision 037).
      const css = res.text.match(/<style>([\s\S]*?)<\/style>/)![1];
      const hash = `'sha256-${createHash("sha256").update(css).digest("base64")}'`;
      expect(d["style-src"].filter((s: string) => s.startsWith("'sha256-"))).toEqual([hash]);
    }
  });
});

describe("behind the PaaS router", () => {
  const prod = makeApp({ NODE_ENV: "production", SITE_URL: "https://www.xia.test" });

  it("redirects plain HTTP to HTTPS with a 308, from SITE_URL, keeping path and query", async () => {
    const res = await request(prod)
      .get("/privacy?lang=en")
      .set("X-Forwarded-Proto", "http")
      .set("Host", "evil.example");
    expect(res.status).toBe(308);
    expect(res.headers.location).toBe("https://www.xia.test/privacy?lang=en");
  });

  it("ignores X-Forwarded-Host and a forged Host when SITE_URL is set", async () => {
    const res = await request(prod).get("/").set("X-Forwarded-Proto", "http").set("X-Forwarded-Host", "evil.example");
    expect(res.headers.location).toBe("https://www.xia.test/");
  });

  it("does not redirect to another host from a path starting with //", async () => {
    const res = await request(prod).get("//evil.example/x").set("X-Forwarded-Proto", "http");
    expect(res.headers.location).toBe("https://www.xia.test/");
  });

  it("never takes the redirect's host from the request: without SITE_URL production does not redirect", async () => {
    // The probe's open redirect: X-Forwarded-Proto: http plus a forged Host or X-Forwarded-Host gave
    // `308 Location: https://evil.example/privacy`, cacheable for an hour.
    const withoutSiteUrl = makeApp({ NODE_ENV: "production" });
    const res = await request(withoutSiteUrl)
      .get("/privacy")
      .set("X-Forwarded-Proto", "http")
      .set("Host", "evil.example")
      .set("X-Forwarded-Host", "evil.example");
    expect(res.status).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.text).not.toContain("evil.example");
    // Outside production FORCE_HTTPS=true goes to SITE_URL's default (localhost), not to the Host.
    const dev = await request(makeApp({ FORCE_HTTPS: "true", PORT: "4321" }))
      .get("/privacy")
      .set("X-Forwarded-Proto", "http")
      .set("Host", "evil.example");
    expect(dev.headers.location).toBe("https://localhost:4321/privacy");
  });

  it("serves HTTPS requests normally", async () => {
    await request(prod).get("/").set("X-Forwarded-Proto", "https").expect(200);
  });

  it("can be switched off (FORCE_HTTPS=false), and is off outside production", async () => {
    await request(makeApp({ NODE_ENV: "production", FORCE_HTTPS: "false" }))
      .get("/")
      .set("X-Forwarded-Proto", "http")
      .expect(200);
    await request(app).get("/").set("X-Forwarded-Proto", "http").expect(200);
  });

  it("trusts X-Forwarded-Proto only from the configured number of hops", async () => {
    const untrusting = makeApp({ NODE_ENV: "production", TRUST_PROXY: "0", SITE_URL: "https://www.xia.test" });
    // With no trusted proxy the request is plain HTTP whatever the header claims.
    const res = await request(untrusting).get("/").set("X-Forwarded-Proto", "https");
    expect(res.status).toBe(308);
  });
});
