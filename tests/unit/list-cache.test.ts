// The in-memory part of list reuse (server/http/list-cache.ts): a page is
// returned only under the version it was built with, and the memory budget
// holds, dropping the least recently used pages first.
import { describe, expect, it } from 'vitest';

const utf8 = (s: string) => new TextEncoder().encode(s);
import { gunzipSync } from 'node:zlib';
import { acceptsGzip, etagMatches, ListCache, listCacheKey } from '../../server/http/list-cache.js';

describe('ListCache', () => {
  it('returns a page only under its version', () => {
    const c = new ListCache(1 << 20, 'salt');
    const page = utf8('{"items":[]}');
    c.set('k', '7', page);
    expect(c.get('k', '7')).toBe(page);
    expect(c.get('k', '8')).toBeNull();
    // The stale page is not served again, under any version.
    expect(c.get('k', '7')).toBeNull();
  });

  it("offers a page's rows, by id, to its next build after the version moved on", () => {
    const c = new ListCache(1 << 20, 'salt');
    const body = utf8('{"items":[{"n":"机"},{"n":"椅子"}],"count":2}');
    const a = '{"n":"机"}';
    const first = Buffer.byteLength('{"items":[');
    const spans = new Uint32Array([first, first + Buffer.byteLength(a), first + Buffer.byteLength(a) + 1, body.byteLength - Buffer.byteLength(',"count":2}') - 1]);
    c.set('k', '7', body, { ids: ['a', 'b'], versions: ['10', '11'], refs: '3', spans });
    expect(c.get('k', '8')).toBeNull();
    const rows = c.rows('k')!;
    expect(rows.versions).toEqual(['10', '11']);
    expect(rows.refs).toBe('3');
    expect(new TextDecoder().decode(rows.item('a'))).toBe('{"n":"机"}');
    expect(new TextDecoder().decode(rows.item('b'))).toBe('{"n":"椅子"}');
    expect(rows.item('c')).toBeUndefined();
    // Another key, or a page kept without rows, offers none.
    expect(c.rows('j')).toBeNull();
    c.set('p', '1', body);
    expect(c.rows('p')).toBeNull();
    // The next build replaces them.
    c.set('k', '8', utf8('{"items":[],"count":0}'), { ids: [], versions: [], refs: '3', spans: new Uint32Array() });
    expect(c.rows('k')!.item('a')).toBeUndefined();
  });

  it('keeps within its budget, least recently used out first', () => {
    const page = utf8('x'.repeat(2000)); // ~2 KB each
    const c = new ListCache(20_000, 'salt');
    for (let i = 0; i < 8; i++) c.set(`k${i}`, '1', page);
    c.get('k0', '1'); // used again: kept
    c.set('k8', '1', page);
    c.set('k9', '1', page);
    expect(c.get('k0', '1')).toBe(page);
    expect(c.get('k1', '1')).toBeNull();
    expect(c.size).toBeLessThanOrEqual(9);
    // A page larger than an eighth of the budget is not kept.
    c.set('big', '1', utf8('y'.repeat(4000)));
    expect(c.get('big', '1')).toBeNull();
  });

  it('names a request by organisation, route and its parameters in any order', () => {
    expect(listCacheKey('o', 'r', 'http://h/v2/x?b=2&a=1')).toBe(listCacheKey('o', 'r', 'http://h/v2/x?a=1&b=2'));
    expect(listCacheKey('o', 'r', 'http://h/v2/x?a=1')).not.toBe(listCacheKey('p', 'r', 'http://h/v2/x?a=1'));
    // A URL's query is remembered, its organisation and route are not.
    expect(listCacheKey('o', 'r', 'http://h/v2/x?b=2&a=1')).toBe('o\nr\na=1&b=2');
    expect(listCacheKey('p', 's', 'http://h/v2/x?b=2&a=1')).toBe('p\ns\na=1&b=2');
  });

  it('ETags differ by key, version and build, and match If-None-Match lists', () => {
    const a = new ListCache(1 << 20, 'build-1');
    const b = new ListCache(1 << 20, 'build-2');
    expect(a.etag('k', '1')).not.toBe(a.etag('k', '2'));
    expect(a.etag('k', '1')).not.toBe(a.etag('j', '1'));
    expect(a.etag('k', '1')).not.toBe(b.etag('k', '1'));
    const e = a.etag('k', '1');
    expect(etagMatches(`"other", W/${e}`, e)).toBe(true);
    expect(etagMatches('"other"', e)).toBe(false);
    expect(etagMatches(undefined, e)).toBe(false);
  });

  it('compresses a kept page once, counts it in the budget, and never for another version', async () => {
    const c = new ListCache(1 << 20, 'salt');
    const page = utf8(JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `備品 ${i}` })), count: 200 }));
    c.set('k', '1', page);
    expect(c.gzipped('k', '2')).toBeNull();
    expect(c.gzipped('missing', '1')).toBeNull();
    const first = c.gzipped('k', '1')!;
    expect(c.gzipped('k', '1')).toBe(first); // one compression, shared
    const gz = await first;
    expect(Buffer.from(gunzipSync(gz)).equals(Buffer.from(page))).toBe(true);
    expect(gz.byteLength).toBeLessThan(page.byteLength / 3);
    // The page itself is still there, and a new version drops both.
    expect(c.get('k', '1')).toBe(page);
    expect(c.get('k', '2')).toBeNull();
    expect(c.gzipped('k', '1')).toBeNull();
  });

  it('a compressed copy counts against the budget: pages least recently used go first', async () => {
    // Random bytes do not compress: each gzip is about the page's size.
    const page = () => new Uint8Array(Array.from({ length: 2000 }, () => Math.floor(Math.random() * 256)));
    const c = new ListCache(20_000, 'salt');
    for (let i = 0; i < 9; i++) c.set(`k${i}`, '1', page()); // ~18.6 KB
    expect(c.get('k0', '1')).not.toBeNull();
    await c.gzipped('k8', '1');
    // k1 (least recently used) made room for k8's compressed copy.
    expect(c.get('k1', '1')).toBeNull();
    expect(c.get('k0', '1')).not.toBeNull();
  });

  it('reads Accept-Encoding as browsers send it', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8, *;q=0.1')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('GZIP')).toBe(true);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
    expect(acceptsGzip('*, gzip;q=0')).toBe(false);
    expect(acceptsGzip('*;q=0')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
