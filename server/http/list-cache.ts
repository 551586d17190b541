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
//
// Rows, not only pages: a page kept here also keeps which rows it holds
// (PageRows: each row's id, its version and where its JSON lies in the
// page). When a write changes the list's version, the next build of the
// same page gives PostgreSQL those ids and versions, and the statement
// sends back only the rows that changed (or whose references did: a renamed
// place) in full, the others as their id and version; their JSON is taken
// from the page kept here (server/modules/module/sql.ts, rowsSql). After a
// colleague edits one row, the 1000-row page someone reloads costs one row's
// joins and JSON, not a thousand. The same rule holds: the statement decides
// what is unchanged, in its own snapshot; this is only what it may skip.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { KnownRows } from '../modules/module/sql.js';
import type { AuthContext } from './route.js';

const gzip = promisify(zlib.gzip);

/** The rows of a page kept here (see "Rows, not only pages" above): their
 * ids and versions as the page's statement read them (KnownRows), and where
 * each one's JSON lies. */
export interface PageRows extends KnownRows {
  /** Row i's JSON is body[spans[2i], spans[2i+1]). */
  spans: Uint32Array;
}

/** An earlier build's rows, offered to the next build of the same page. */
export interface ReusableRows extends KnownRows {
  /** The JSON of the row with this id, as that build sent it. */
  item(id: string): Uint8Array | undefined;
}

/** Set as a page's version when a newer one was asked for: the page is not
 * served again, only its rows offered (ListCache.rows). */
const STALE = '\0stale';

interface Entry {
  version: string;
  /** UTF-8, as sent: encoding 100 rows of Japanese text again for every
   * response cost more than the rest of a kept page's answer. */
  body: Uint8Array;
  bytes: number;
  /** The body gzipped: made on the first request that accepts it. */
  gzip?: Promise<Uint8Array>;
  rows?: PageRows;
}

/** What the last build of a caller's list URL found (ListCache.misses):
 * its key, the ETag it answered, and the caller as resolved then. */
export interface Missed {
  key: string;
  etag: string;
  auth: AuthContext;
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

  /** The page kept for `key` if it was built under `version`. A page of
   * another version is not served again; its rows stay on offer to the
   * next build (rows) until that build replaces it. */
  get(key: string, version: string): Uint8Array | null {
    const e = this.entries.get(key);
    if (!e) return null;
    this.entries.delete(key);
    this.entries.set(key, e); // most recently used last
    if (e.version !== version) {
      e.version = STALE;
      if (e.gzip) {
        // Its compressed copy will not be sent again.
        e.gzip = undefined;
        const bytes = this.entryBytes(key, e.body, e.rows);
        this.bytes += bytes - e.bytes;
        e.bytes = bytes;
      }
      return null;
    }
    return e.body;
  }

  /** The rows of the page last built for `key` (of any version), for its
   * next build to skip those unchanged. */
  rows(key: string): ReusableRows | null {
    const e = this.entries.get(key);
    const r = e?.rows;
    if (!e || !r) return null;
    let at: Map<string, number> | null = null;
    return {
      ids: r.ids,
      versions: r.versions,
      refs: r.refs,
      item: (id) => {
        at ??= new Map(r.ids.map((x, i) => [x, i]));
        const i = at.get(id);
        return i === undefined ? undefined : e.body.subarray(r.spans[2 * i], r.spans[2 * i + 1]);
      },
    };
  }

  private entryBytes(key: string, body: Uint8Array, rows: PageRows | undefined): number {
    // A row's id and version as strings, and its span: ~100 bytes.
    return body.byteLength + key.length * 2 + 64 + (rows ? rows.ids.length * 100 : 0);
  }

  /** The kept page's gzip encoding, if a page is kept for `key` under
   * `version`: compressed once, then kept (and counted) beside it. */
  gzipped(key: string, version: string): Promise<Uint8Array> | null {
    const e = this.entries.get(key);
    if (!e || e.version !== version) return null;
    if (!e.gzip) {
      const made = gzip(e.body);
      e.gzip = made;
      made.then(
        (gz) => {
          // Counted while the page is still the one kept under this key,
          // and this its compressed copy.
          if (this.entries.get(key) !== e || e.gzip !== made) return;
          e.bytes += gz.byteLength;
          this.bytes += gz.byteLength;
          this.trim();
        },
        () => {
          if (e.gzip === made) e.gzip = undefined;
        },
      );
    }
    return e.gzip;
  }

  set(key: string, version: string, body: Uint8Array, rows?: PageRows): void {
    const bytes = this.entryBytes(key, body, rows);
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.bytes;
    }
    // A page larger than an eighth of the budget is not kept.
    if (bytes > this.maxBytes / 8) return;
    this.entries.set(key, { version, body, bytes, ...(rows ? { rows } : {}) });
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
    keys: new Map<string, Missed>(),
    /** The last build's key, ETag and caller, if the last request of this
     * caller and URL built its page. */
    missedLast(hint: string): Missed | undefined {
      return this.keys.get(hint);
    },
    missed(hint: string, last: Missed): void {
      if (this.keys.size >= MISS_HINTS) this.keys.clear();
      this.keys.set(hint, last);
    },
    hit(hint: string): void {
      this.keys.delete(hint);
    },
  };

  /** Each key's digest (the ETag's first part), made once: a kept page's
   * answer made it for every request, 2% of the server's time at 50
   * connections (docs/benchmarks.md, twenty-ninth round). */
  private readonly digests = new Map<string, string>();

  etag(key: string, version: string): string {
    const digest = remembered(this.digests, key, () => createHash('sha1').update(this.salt).update(key).digest('base64url').slice(0, 16));
    return `"${digest}.${version}"`;
  }
}

/** At most this many URLs' query keys and keys' digests are remembered
 * (forgotten all at once past it, as the misses are): a memo of pure
 * functions, nothing a request depends on. */
const KEY_MEMO = 10_000;
const queryKeys = new Map<string, string>();

/** `memo`'s value for `key`, made by `make` the first time. */
function remembered(memo: Map<string, string>, key: string, make: () => string): string {
  let value = memo.get(key);
  if (value === undefined) {
    if (memo.size >= KEY_MEMO) memo.clear();
    value = make();
    memo.set(key, value);
  }
  return value;
}

/** The cache key of a request: organisation, route, and its query with the
 * parameters in a fixed order. */
export function listCacheKey(orgId: string, routeId: string, url: string): string {
  // Each URL's sorted query made once: parsing the URL for every request
  // was 3% of the server's time at 50 connections on kept pages.
  const query = remembered(queryKeys, url, () => {
    const q = new URL(url).searchParams;
    q.sort();
    return q.toString();
  });
  return `${orgId}\n${routeId}\n${query}`;
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
