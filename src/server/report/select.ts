/**
 * The first `n` items of an order without sorting them all (decision 115): the page's table shows
 * at most 100 rows of up to hundreds of thousands (a year by ad and day). Pure.
 */

/**
 * `[...items].sort(compare).slice(0, n)`, stable like it (of items that compare equal, the earlier
 * first), in O(items × log n) comparisons: a sorted list of the best `n` so far, an item entering
 * only when it beats the last one.
 */
export function firstOf<T>(items: readonly T[], n: number, compare: (a: T, b: T) => number): T[] {
  const kept: T[] = [];
  if (n <= 0) return kept;
  for (const item of items) {
    if (kept.length === n && compare(item, kept[n - 1]) >= 0) continue;
    // After every kept item it does not beat (equal ones stay before it: stable).
    let [lo, hi] = [0, kept.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compare(item, kept[mid]) < 0) hi = mid;
      else lo = mid + 1;
    }
    kept.splice(lo, 0, item);
    if (kept.length > n) kept.pop();
  }
  return kept;
}
