/**
 * `npm run observatory`: grades the site with the MDN HTTP Observatory's own scanner
 * (@mdn/mdn-http-observatory, algorithm v4) as a PaaS serves it: the production build behind a
 * local TLS-terminating proxy (self-signed certificate, X-Forwarded-Proto set as a router does) on
 * loopback, plain HTTP beside it. The scanner only installs with --ignore-scripts here, so it is
 * installed on first use into node_modules/.cache/observatory rather than listed as a dependency.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import {
  createServer as createHttpServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { createServer as createHttpsServer } from "node:https";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { startBuiltSite, stop } from "./lib";

const dir = resolve("node_modules/.cache/observatory");
const pkg = join(dir, "node_modules/@mdn/mdn-http-observatory");
if (!existsSync(pkg)) {
  mkdirSync(dir, { recursive: true });
  console.log("installing @mdn/mdn-http-observatory (--ignore-scripts) into node_modules/.cache/observatory …");
  execFileSync(
    "npm",
    [
      "install",
      "--prefix",
      dir,
      "--ignore-scripts",
      "--no-audit",
      "--no-fund",
      "--no-save",
      "@mdn/mdn-http-observatory@1",
    ],
    { stdio: "ignore" },
  );
}
// Its install script (skipped) downloads the HSTS preload list; a local host is on no such list.
const preload = join(pkg, "conf/hsts-preload.json");
if (!existsSync(preload)) writeFileSync(preload, "{}\n");
const certDir = join(dir, "cert");
if (!existsSync(join(certDir, "key.pem"))) {
  mkdirSync(certDir, { recursive: true });
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "30",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost",
      "-keyout",
      join(certDir, "key.pem"),
      "-out",
      join(certDir, "cert.pem"),
    ],
    { stdio: "ignore" },
  );
}
// A router has a certificate browsers trust; here the scanner is made to trust ours, so that it
// grades the headers and redirects rather than the test certificate. Node reads the extra trust
// anchor only at start-up: run again with it.
if (process.env.NODE_EXTRA_CA_CERTS !== join(certDir, "cert.pem")) {
  const again = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
    env: { ...process.env, NODE_EXTRA_CA_CERTS: join(certDir, "cert.pem") },
  });
  process.exit(again.status ?? 1);
}

/** The router: forwards to the app with X-Forwarded-Proto, as the PaaS does after ending TLS. */
let appPort = 0;
const forward = (proto: string) => (req: IncomingMessage, res: ServerResponse) => {
  const upstream = request(
    {
      host: "127.0.0.1",
      port: appPort,
      path: req.url,
      method: req.method,
      headers: { ...req.headers, "x-forwarded-proto": proto },
    },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  upstream.on("error", () => {
    res.statusCode = 502;
    res.end();
  });
  req.pipe(upstream);
};
// Every port from the OS at bind time: the router's two first, since the site's SITE_URL names the HTTPS one.
const listen = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, () => resolve((server.address() as AddressInfo).port)));
const tls = createHttpsServer(
  { key: readFileSync(join(certDir, "key.pem")), cert: readFileSync(join(certDir, "cert.pem")) },
  forward("https"),
);
const plain = createHttpServer(forward("http"));
const [HTTPS_PORT, HTTP_PORT] = [await listen(tls), await listen(plain)];
const site = await startBuiltSite({ FORCE_HTTPS: "true", SITE_URL: `https://localhost:${HTTPS_PORT}` });
appPort = site.port;

/**
 * The scanner's scan() with the ports passed on: in 1.4.x, scan(hostname, options) calls
 * retrieve(hostname) without its options, so it cannot reach a non-standard port. The same steps,
 * with the package's own retriever, tests and grader.
 */
async function scanWithPorts(hostname: string, options: { httpPort: number; httpsPort: number }) {
  const mod = (path: string) => import(pathToFileURL(join(pkg, "src", path)).href);
  const [{ retrieve }, { ALL_TESTS, ALGORITHM_VERSION, NUM_TESTS }, grader, { MINIMUM_SCORE_FOR_EXTRA_CREDIT }] =
    await Promise.all([
      mod("retriever/retriever.js"),
      mod("constants.js"),
      mod("grader/grader.js"),
      mod("grader/charts.js"),
    ]);
  const r = await retrieve(hostname, options);
  if (!r.responses.auto) throw new Error("The site seems to be down.");
  const results = ALL_TESTS.map(
    (test: (r: unknown) => { result: string; pass: boolean; scoreModifier: number; constructor: { name: string } }) =>
      test(r),
  );
  let withCredit = 100,
    uncurved = 100,
    passed = 0;
  for (const t of results) {
    if (!t.result) continue;
    t.scoreModifier = grader.getScoreModifier(t.result);
    passed += t.pass ? 1 : 0;
    withCredit += t.scoreModifier;
    if (t.scoreModifier < 0) uncurved += t.scoreModifier;
  }
  const final = grader.getGradeForScore(uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withCredit : uncurved);
  return {
    scan: {
      algorithmVersion: ALGORITHM_VERSION,
      grade: final.grade,
      score: final.score,
      testsPassed: passed,
      testsQuantity: NUM_TESTS,
    },
    tests: Object.fromEntries(results.map((t: { constructor: { name: string } }) => [t.constructor.name, t])),
  };
}

let result;
try {
  result = await scanWithPorts("localhost", { httpPort: HTTP_PORT, httpsPort: HTTPS_PORT });
} finally {
  tls.close();
  plain.close();
  await stop(site.proc);
}
console.log(
  `MDN HTTP Observatory (algorithm v${result.scan.algorithmVersion}): grade ${result.scan.grade}, score ${result.scan.score}, ${result.scan.testsPassed}/${result.scan.testsQuantity} tests passed`,
);
for (const [name, t] of Object.entries(result.tests) as Array<
  [string, { result: string; scoreModifier: number; pass: boolean }]
>) {
  console.log(`  ${t.pass ? "pass" : "FAIL"} ${name.padEnd(32)} ${String(t.scoreModifier).padStart(4)}  ${t.result}`);
}
process.exit(result.scan.grade === "A+" && result.scan.score >= 130 ? 0 : 1);
