// Reuse of list responses between writes.
//
// A list page (a module's GET list, built as JSON text by PostgreSQL) is a
// function of the caller's organisation, the query, and the rows of a few
// tables. Each of those tables carries a data version per organisation that
// grows with every committed write (migration 0021, table_versions); the sum
// over the list's tables is read in the same statement that resolves the
// caller, before anything else. Then:
//
// - the response carries `ETag: "<key digest>.<version>"` and
//   `Cache-Control: private, no-cache`, so a browser revalidates every time
//   and a request whose If-None-Match still holds gets 304 with no body;
// - a page built under a version is kept here (in memory, least recently
//   used first out, within LIST_CACHE_MB) and served again while the
//   version is unchanged: no transaction, no list statement.
//
// A kept page is also sent compressed (gzip) to a client that accepts it,
// as every browser does: compressed once, in libuv's thread pool, the first
// time it is served again, and kept beside it. The answer right after a
// write is not compressed: that would add the compression (a 100-row page
// 2 ms, a 1000-row page 11 ms) to the first view after every write, about
// what it saves on a gigabit LAN; on a slow link it would save more (a
// trade for the office network; revisit if remote use dominates). The
// compressed answer carries the ETag weak
// (W/"…"), as a strong one must change with the content coding, and every
// list answer says `Vary: Accept-Encoding`.
//
// It is never stale: every request reads the version from the database
// (which replicas share), and a page is kept under the version read before
// its rows were (so the rows are at least that new; a write that commits in
// between only wastes the entry). Nothing here is state a replica depends
// on: an empty cache (a restart, another replica) only means a slower answer.
// The key holds the organisation and the route, not the account: a list
// whose rows depend on more than the organisation (RLS is per organisation;
// the route's area is checked before the cache is consulted) must not use it.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzip = promisify(zlib.gzip);

interface Entry {
  version: string;
  /** UTF-8, as sent: encoding 100 rows of Japanese text again for every
   * response cost more than the rest of a kept page's answer. */
  body: Uint8Array;
  bytes: number;
  /** The body gzipped: made on the first request that accepts it. */
  gzip?: Promise<Uint8Array>;
}

/** Callers' list URLs whose last page was built, not kept (ListCache.misses). */
const MISS_HINTS = 10_000;

export class ListCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    readonly maxBytes: number,
    /** Changes the ETags of another build (whose output may differ). */
    private readonly salt: string,
  ) {}

  /** The page kept for `key` if it was built under `version`. */
  get(key: string, version: string): Uint8Array | null {
    const e = this.entries.get(key);
    if (!e) return null;
    this.entries.delete(key);
    if (e.version !== version) {
      this.bytes -= e.bytes;
      return null;
    }
    this.entries.set(key, e); // most recently used last
    return e.body;
  }

  /** The kept page's gzip encoding, if a page is kept for `key` under
   * `version`: compressed once, then kept (and counted) beside it. */
  gzipped(key: string, version: string): Promise<Uint8Array> | null {
    const e = this.entries.get(key);
    if (!e || e.version !== version) return null;
    if (!e.gzip) {
      e.gzip = gzip(e.body);
      e.gzip.then(
        (gz) => {
          // Counted while the page is still the one kept under this key.
          if (this.entries.get(key) !== e) return;
          e.bytes += gz.byteLength;
          this.bytes += gz.byteLength;
          this.trim();
        },
        () => {
          e.gzip = undefined;
        },
      );
    }
    return e.gzip;
  }

  set(key: string, version: string, body: Uint8Array): void {
    // A page larger than an eighth of the budget is not kept.
    const bytes = body.byteLength + key.length * 2 + 64;
    if (bytes > this.maxBytes / 8) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.bytes;
    }
    this.entries.set(key, { version, body, bytes });
    this.bytes += bytes;
    this.trim();
  }

  /** Least recently used out first, until within the budget. */
  private trim(): void {
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= e.bytes;
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Which way a request of a list goes first. After a request that had to
   * build its page (`missed`), the next request of the same caller and URL
   * goes straight to its transaction: the one-statement look would most
   * likely miss again (a list written to between its reads: an import
   * under way, a busy team) and cost a round trip for nothing. A request
   * that finds its page kept there, or a 304, puts the look back (`hit`).
   * Only the order of the two paths depends on it: both check the same
   * version. Bounded (forgotten all at once past MISS_HINTS entries).
   */
  readonly misses = {
    keys: new Set<string>(),
    missedLast(hint: string): boolean {
      return this.keys.has(hint);
    },
    missed(hint: string): void {
      if (this.keys.size >= MISS_HINTS) this.keys.clear();
      this.keys.add(hint);
    },
    hit(hint: string): void {
      this.keys.delete(hint);
    },
  };

  etag(key: string, version: string): string {
    return `"${createHash('sha1').update(this.salt).update(key).digest('base64url').slice(0, 16)}.${version}"`;
  }
}

/** The cache key of a request: organisation, route, and its query with the
 * parameters in a fixed order. */
export function listCacheKey(orgId: string, routeId: string, url: string): string {
  const q = new URL(url).searchParams;
  q.sort();
  return `${orgId}\n${routeId}\n${q.toString()}`;
}

/** Whether an Accept-Encoding header accepts gzip (by name or `*`, with a
 * q-value above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let star = false;
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((x) => x.trim());
    const q = params.find((p) => p.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name === 'gzip' || name === 'x-gzip') return accepted;
    if (name === '*') star = accepted;
  }
  return star;
}

/** Whether an If-None-Match header names the ETag (weak comparison). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}
