/** scripts/cycles.mjs: the import-cycle check of `npm test` (decision 134). */
/** The import graph from `folders` (relative to `cwd`): each module's absolute path → the project modules it imports. */
export function importGraph(folders: readonly string[], cwd?: string): Map<string, Set<string>>;
/** The cycles of `graph`, each the sorted paths (relative to `cwd`) of its modules. */
export function cycles(graph: Map<string, Set<string>>, cwd?: string): string[][];
