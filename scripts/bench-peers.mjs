// The peers `npm run bench` measures the site against, each sending the landing page's HTML
// (read from the file given): PORT=0 node scripts/bench-peers.mjs MODE HTML_FILE; each prints
// "started port=N" with the port it bound, as the site does in development.
//   naive    Express 5 + helmet + compression(), compressing per request
//   prebuilt Express 5 + helmet sending a prebuilt brotli buffer (the ceiling for any Express app)
//   bare     node:http sending that buffer
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { brotliCompressSync, constants } from "node:zlib";

const [mode, file] = process.argv.slice(2);
const port = Number(process.env.PORT ?? 0);
const announce = (server) => () => console.log(`started port=${server.address().port}`);
const html = readFileSync(file, "utf8");
const br = brotliCompressSync(Buffer.from(html), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });

if (mode === "bare") {
  const server = createServer((req, res) => {
    res.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-encoding": "br",
      "content-length": br.length,
      vary: "Accept-Encoding",
    });
    res.end(br);
  });
  server.listen(port, "127.0.0.1", announce(server));
} else {
  const app = express();
  app.use(helmet());
  if (mode === "naive") {
    app.use(compression());
    app.get("/", (_req, res) => res.type("html").send(html));
  } else {
    app.get("/", (_req, res) => res.set({ "content-encoding": "br", vary: "Accept-Encoding" }).type("html").send(br));
  }
  const server = app.listen(port, "127.0.0.1", () => announce(server)());
}
