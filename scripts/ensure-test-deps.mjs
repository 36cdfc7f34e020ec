#!/usr/bin/env node
/*
 * Run by `npm test` before anything else: the browser tests need Debian's Chromium
 * (/usr/bin/chromium), the HTML checker needs Java, the shared-cache tests need Debian's Varnish
 * (/usr/sbin/varnishd), and the store tests Debian's PostgreSQL (/usr/lib/postgresql/N/bin) and the
 * `sqlite3` CLI (the backup docs/leads.md recommends). If any is missing and we are root on a machine with apt-get, install it;
 * otherwise stop and say exactly what is missing and how to get it.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const varnishd = process.env.VARNISHD ?? "/usr/sbin/varnishd";
const pgRoot = "/usr/lib/postgresql";
const hasPostgres =
  Boolean(process.env.PG_BIN) ||
  (existsSync(pgRoot) && readdirSync(pgRoot).some((v) => existsSync(`${pgRoot}/${v}/bin/pg_ctl`)));
const hasJava = spawnSync("java", ["-version"], { stdio: "ignore" }).status === 0;
const hasSqlite3 = spawnSync("sqlite3", ["-version"], { stdio: "ignore" }).status === 0;
const missing = [];
if (!existsSync(chromium)) missing.push("chromium");
if (!hasJava) missing.push("default-jre-headless");
if (!existsSync(varnishd)) missing.push("varnish");
if (!hasPostgres) missing.push("postgresql");
if (!hasSqlite3) missing.push("sqlite3");
if (missing.length === 0) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const hasApt = spawnSync("apt-get", ["--version"], { stdio: "ignore" }).status === 0;
if (!isRoot || !hasApt) {
  console.error(
    `The tests need ${missing.join(" and ")} (browser tests drive ${chromium}; the HTML checker runs on Java;` +
      ` the shared-cache tests run ${varnishd}; the store tests start PostgreSQL and back SQLite up with sqlite3).\n` +
      `Install with: apt-get update && apt-get install -y ${missing.join(" ")}` +
      (isRoot ? "" : " (as root)") +
      (hasApt
        ? ""
        : " — or set CHROMIUM_PATH, VARNISHD and PG_BIN to a Chromium, a varnishd and PostgreSQL's bin directory") +
      "\n",
  );
  process.exit(1);
}
console.log(`Installing ${missing.join(" ")} with apt-get (needed by the tests)…`);
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...missing], { stdio: "inherit", env });
