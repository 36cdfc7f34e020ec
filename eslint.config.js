// ESLint flat config (decision 009): typescript-eslint for TypeScript, React hooks and jsx-a11y for
// the components, Prettier owns formatting (eslint-config-prettier switches off style rules), and
// import boundaries (the layers, decision 035): src/server/ is HTTP only, and nothing that renders
// or ships imports it (pages, components and src/content/ take their settings and copy from
// src/content/); code that ships to the browser (client/, src/islands/, src/shared/) may not import
// server code, src/content/, pages, server-only components, the document shell or the catalogues
// (decision 012; build.ts checks the bundle's metafile as well, build/boundary.ts).
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Node-only packages: the HTTP server's, and Node's own modules. */
const SERVER_PACKAGES = ["node:*", "express", "helmet", "compression"];

/** For src/pages/, src/components/ and src/content/: the layers below the server never import it. */
export const RENDERING_FORBIDDEN = [
  {
    // Any folder named server, but not React's server renderer (src/components/Island.tsx uses it).
    group: ["**/server", "**/server/**", "!react-dom/server"],
    message:
      "src/server/ is HTTP only: pages, components and content may not import it. What pages need to render lives in src/content/ (the Config type in src/content/site.ts).",
  },
  { group: SERVER_PACKAGES, message: "Server-only module in rendering code (src/server/ holds HTTP)." },
];

/** src/content/ additionally sits below the pages: they import it, never the other way round. */
export const CONTENT_FORBIDDEN = [
  ...RENDERING_FORBIDDEN,
  {
    group: ["**/pages/**", "**/pages", "**/components/**", "**/components", "**/islands/**", "**/islands"],
    message: "src/content/ sits below the pages: pages and components import it, not the other way round.",
  },
];

export const BROWSER_FORBIDDEN = [
  {
    group: ["**/server/**", "**/src/server", "../server", "../server/*"],
    message: "Browser code may not import server code (src/server).",
  },
  {
    group: ["**/content/**", "**/content"],
    message:
      "Browser code may not import src/content/: it pulls the catalogues. Islands get finished strings as props.",
  },
  { group: ["**/views/**", "**/views"], message: "Browser code may not import the document shell (views/)." },
  {
    group: ["**/locales/**", "**/locales", "*.json"],
    message: "Islands get finished strings as props, never a catalogue.",
  },
  { group: ["**/pages/**", "**/pages"], message: "Browser code may not import server-rendered pages (src/pages)." },
  {
    group: ["**/components/**", "**/components"],
    message: "src/components/ is server-only; components both sides use live in src/shared/ui/.",
  },
  { group: ["react-dom/server", ...SERVER_PACKAGES], message: "Server-only module in browser code." },
];

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "public/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      eqeqeq: ["error", "smart"],
      "no-console": "off",
    },
  },
  {
    files: ["**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ["src/**/*.{ts,tsx}", "client/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ["src/pages/**/*.{ts,tsx}", "src/components/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: RENDERING_FORBIDDEN }] },
  },
  {
    files: ["src/content/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: CONTENT_FORBIDDEN }] },
  },
  // Browser code: the server rule above and more (a later block's options replace an earlier one's).
  {
    files: ["client/**/*.ts", "src/islands/**/*.{ts,tsx}", "src/shared/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    languageOptions: { globals: { ...globals.browser } },
    rules: { "no-restricted-imports": ["error", { patterns: BROWSER_FORBIDDEN }] },
  },
  prettier,
);
