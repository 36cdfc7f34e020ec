/**
 * One rendered copy of each page per (route, language, day), built on first use (rendered, compressed
 * and hashed once, never per request). The key space is closed (routes × languages, chosen by the
 * app), and a new day drops every entry of the old one, so memory cannot grow with traffic.
 */
export class PageCache<T> {
  private day = "";
  private readonly entries = new Map<string, T>();

  /** The entry for `key` on `day`, built on first use; a new day drops the old day's entries. */
  get(day: string, key: string, build: () => T): T {
    if (day !== this.day) {
      this.entries.clear();
      this.day = day;
    }
    let entry = this.entries.get(key);
    if (!entry) {
      entry = build();
      this.entries.set(key, entry);
    }
    return entry;
  }

  get size(): number {
    return this.entries.size;
  }
}
