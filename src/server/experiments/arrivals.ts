/**
 * Arrivals counted in memory (issue 37 item 2, decision 099): one number per experiment, phase, arm
 * and day, never a row per visitor, never an address or a user agent. `drain()` hands the counts
 * over and starts again from zero; the flush (every minute, and at shutdown) adds them to the
 * store's `experiment_arrivals`. A failed flush gives the counts back (`restore`), so none is lost
 * while the database is down, and memory stays bounded by arms × experiments × days.
 */
export interface ArrivalCount {
  experiment: string;
  phase: string;
  arm: string;
  day: string;
  arrivals: number;
}

export interface ArrivalCounter {
  count(experiment: string, phase: string, arm: string, day: string): void;
  /** The counts since the last drain, and zero from now on. */
  drain(): ArrivalCount[];
  /** Puts counts back (a flush that failed). */
  restore(counts: readonly ArrivalCount[]): void;
  /** The counts not yet drained (tests, diagnostics). */
  pending(): ArrivalCount[];
}

export function arrivalCounter(): ArrivalCounter {
  let counts = new Map<string, ArrivalCount>();
  const add = (experiment: string, phase: string, arm: string, day: string, n: number) => {
    const key = `${experiment} ${phase} ${arm} ${day}`;
    const entry = counts.get(key);
    if (entry) entry.arrivals += n;
    else counts.set(key, { experiment, phase, arm, day, arrivals: n });
  };
  return {
    count: (experiment, phase, arm, day) => add(experiment, phase, arm, day, 1),
    drain() {
      const all = [...counts.values()];
      counts = new Map();
      return all;
    },
    restore(list) {
      for (const c of list) add(c.experiment, c.phase, c.arm, c.day, c.arrivals);
    },
    pending: () => [...counts.values()].map((c) => ({ ...c })),
  };
}
