import request from "supertest";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { LANDING_PAGES, LEGAL_PAGES } from "../fixtures";
import { parsePage } from "./dom";
import { makeApp } from "./helpers";
import { getAsSent } from "./wire";

const app = makeApp();
const CALCULATOR = "/en?leads=100&interactions=3";

describe("the calculator's answers (rendered per request)", () => {
  it("are compressed with brotli when the client accepts it, and vary on Accept-Encoding", async () => {
    const res = await getAsSent(app, CALCULATOR, { "Accept-Encoding": "gzip, deflate, br" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toBe("Accept-Encoding");
    expect(res.headers["cache-control"]).toBe("private, no-cache");
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers.etag).toBeUndefined();
    expect(brotliDecompressSync(res.body).toString()).toContain('<html lang="en">');
  });

  it("are gzip when brotli is refused, and plain when nothing is accepted", async () => {
    const gz = await getAsSent(app, CALCULATOR, { "Accept-Encoding": "gzip;q=1, br;q=0" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toContain('<html lang="en">');
    const plain = await getAsSent(app, CALCULATOR, { "Accept-Encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("Accept-Encoding");
    expect(plain.body.toString()).toContain('<html lang="en">');
  });
});

describe("conditional GET, pages and static files alike", () => {
  const paths = async () => {
    const { document } = parsePage((await request(app).get("/")).text);
    const script = document.querySelector('script[type="module"]')!.getAttribute("src")!;
    return [...LANDING_PAGES, ...LEGAL_PAGES, script, "/favicon.svg", "/og-image-pt.png"];
  };

  it("304 for the current ETag, alone, in a list, or weak", async () => {
    for (const path of await paths()) {
      const etag = (await request(app).get(path).set("Accept-Encoding", "br")).headers.etag as string;
      expect(etag, path).toMatch(/^"[\w-]+"$/);
      for (const ifNoneMatch of [etag, `"other", ${etag}`, `W/${etag}`, "*"]) {
        const res = await request(app).get(path).set("Accept-Encoding", "br").set("If-None-Match", ifNoneMatch);
        expect(res.status, `${path} ${ifNoneMatch}`).toBe(304);
        expect(res.headers.etag, path).toBe(etag);
        expect(res.text ?? "", path).toBe("");
      }
    }
  });

  it("200 with the body for another ETag, or when the client asks for a reload", async () => {
    for (const path of await paths()) {
      const etag = (await request(app).get(path).set("Accept-Encoding", "br")).headers.etag as string;
      const other = await request(app).get(path).set("Accept-Encoding", "br").set("If-None-Match", '"stale"');
      expect(other.status, path).toBe(200);
      const reload = await request(app)
        .get(path)
        .set("Accept-Encoding", "br")
        .set("If-None-Match", etag)
        .set("Cache-Control", "no-cache");
      expect(reload.status, path).toBe(200);
    }
  });

  it("a different encoding is a different representation with its own ETag", async () => {
    for (const path of await paths()) {
      const br = await request(app).get(path).set("Accept-Encoding", "br");
      const plain = await request(app).get(path).set("Accept-Encoding", "identity");
      if (br.headers["content-encoding"] === "br") expect(br.headers.etag, path).not.toBe(plain.headers.etag);
      const res = await request(app)
        .get(path)
        .set("Accept-Encoding", "identity")
        .set("If-None-Match", plain.headers.etag);
      expect(res.status, path).toBe(304);
    }
  });

  it("never 304 for an error page", async () => {
    const first = await request(app).get("/missing");
    expect(first.status).toBe(404);
    const again = await request(app).get("/missing").set("If-None-Match", first.headers.etag);
    expect(again.status).toBe(404);
    expect(again.text).toContain("<html");
  });
});
