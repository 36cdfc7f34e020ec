// ESLint flat config (decision 009): typescript-eslint for TypeScript, React hooks and jsx-a11y for
// the components, Prettier owns formatting (eslint-config-prettier switches off style rules), and
// import boundaries: code that ships to the browser (client/, src/islands/, src/shared/) may not
// import server code, pages, server-only components, the document shell or the catalogues
// (decision 012; build.ts checks the bundle's metafile as well, scripts/boundary.ts).
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export const BROWSER_FORBIDDEN = [
  {
    group: ["**/server/**", "**/src/server", "../server", "../server/*"],
    message: "Browser code may not import server code (src/server).",
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
  {
    group: ["react-dom/server", "node:*", "express", "helmet", "compression"],
    message: "Server-only module in browser code.",
  },
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
    files: ["client/**/*.ts", "src/islands/**/*.{ts,tsx}", "src/shared/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    languageOptions: { globals: { ...globals.browser } },
    rules: { "no-restricted-imports": ["error", { patterns: BROWSER_FORBIDDEN }] },
  },
  prettier,
);
