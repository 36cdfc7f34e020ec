/* The React runtime as an entry of its own, so esbuild puts it in a shared, long-cached chunk. */
export { createElement, useEffect, useMemo, useRef, useState } from "react";
export { jsx, jsxs, Fragment } from "react/jsx-runtime";
export { hydrateRoot } from "react-dom/client";
