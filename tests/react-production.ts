/**
 * Loads React's production build for the `unit` and `http` projects (vitest.config.ts, decision
 * 114): the build `dist/server.js` runs (build.ts defines NODE_ENV=production), without the
 * development build's per-element stacks and checks, which cost about a tenth of the quick tier.
 *
 * React picks its build from NODE_ENV when it is first required, and Node keeps that module for the
 * process; the application reads NODE_ENV too (production defaults in loadConfig()), so it is
 * "production" only while React loads, then as it was.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const was = process.env.NODE_ENV;
process.env.NODE_ENV = "production";
try {
  require("react");
  require("react/jsx-runtime");
  require("react-dom/server");
} finally {
  if (was === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = was;
}
