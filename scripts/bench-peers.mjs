// The peers `npm run bench` measures the site against, each sending the landing page's HTML
// (read from the file given): node scripts/bench-peers.mjs MODE PORT HTML_FILE
//   naive    Express 5 + helmet + compression(), compressing per request
//   prebuilt Express 5 + helmet sending a prebuilt brotli buffer (the ceiling for any Express app)
//   bare     node:http sending that buffer
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { brotliCompressSync, constants } from "node:zlib";

const [mode, port, file] = process.argv.slice(2);
const html = readFileSync(file, "utf8");
const br = brotliCompressSync(Buffer.from(html), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });

if (mode === "bare") {
  createServer((req, res) => {
    res.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-encoding": "br",
      "content-length": br.length,
      vary: "Accept-Encoding",
    });
    res.end(br);
  }).listen(Number(port), "127.0.0.1");
} else {
  const app = express();
  app.use(helmet());
  if (mode === "naive") {
    app.use(compression());
    app.get("/", (_req, res) => res.type("html").send(html));
  } else {
    app.get("/", (_req, res) => res.set({ "content-encoding": "br", vary: "Accept-Encoding" }).type("html").send(br));
  }
  app.listen(Number(port), "127.0.0.1");
}
