/**
 * The measuring scripts' CPU count (decision 117): the calling process joins a cgroup of its own
 * (cgroup v1 `cpuacct`, as root), so every process it starts, Chromium's reparented renderers
 * included, is counted. `usage()` is the group's CPU-seconds so far; `leave()` moves the process
 * back to the root group and removes its own. Exits with a message when cgroups cannot be written.
 */
import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";

const ROOT = "/sys/fs/cgroup/cpuacct";

export interface CpuGroup {
  /** The group's folder (its `cgroup.procs` lists the processes counted). */
  dir: string;
  usage: () => number;
  leave: () => void;
}

export function joinCpuGroup(script: string): CpuGroup {
  const dir = `${ROOT}/xia-${script}-${process.pid}`;
  try {
    mkdirSync(dir);
    writeFileSync(`${dir}/cgroup.procs`, String(process.pid));
  } catch (error) {
    console.error(`${script} needs cgroup v1 cpuacct at ${ROOT}, writable (root): ${String(error)}`);
    process.exit(1);
  }
  return {
    dir,
    usage: () => Number(readFileSync(`${dir}/cpuacct.usage`, "utf8")) / 1e9,
    leave: () => {
      writeFileSync(`${ROOT}/cgroup.procs`, String(process.pid));
      rmdirSync(dir);
    },
  };
}
