// rowBytes (server/db/row-bytes.ts): a list page's JSON read as the bytes
// PostgreSQL sent. On PostgreSQL (CI's second pass) the statement runs as
// COPY … TO STDOUT with its parameters inlined; on PGlite as a query. Either
// way a user must get exactly what the ordinary query returns.
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/index.js';
import { escapeLiteral, inlineParameters, jsonArray, rowBytes, rowsBytes, rowsOfCopyBinary, rowsOfCopyChunks } from '../../server/db/row-bytes.js';
import { JsonText } from '../../server/http/route.js';
import { withScope } from '../../server/db/tenant.js';
import { openTestDatabase } from '../support/db.js';

let h: DatabaseHandle;
beforeAll(async () => {
  h = await openTestDatabase();
});
afterAll(() => h.close());

/** The statement's first row read both ways: as bytes, and as pg reads it. */
async function bothWays(q: ReturnType<typeof sql<Record<string, string | null>>>) {
  const bytes = await rowBytes(h.db as never, q);
  const plain = (await q.execute(h.db)).rows[0];
  return { bytes: bytes?.map((b) => (b === null ? null : b.toString('utf8'))) ?? null, plain: plain ? Object.values(plain) : null };
}

describe('rowBytes', () => {
  it('gives the same text as the ordinary query for every kind of parameter', async () => {
    const text = '佐藤 翔 \'quoted\' "double" back\\slash\ttab\nnewline $1 $$';
    const q = sql<Record<string, string | null>>`SELECT ${text}::text AS a,
      ${42}::int::text AS b, ${null}::text AS c, ${['a', "b'c", 'd"e', 'ゆ']}::text[]::text AS d,
      (${new Date('2026-11-24T01:02:03.004Z')}::timestamptz AT TIME ZONE 'UTC')::text AS e,
      json_build_object('name', ${text}::text, 'n', ${3.5}::numeric)::text AS f,
      ${true}::boolean::text AS g`;
    const { bytes, plain } = await bothWays(q);
    expect(bytes).toEqual(plain);
    expect(bytes!.slice(0, 4)).toEqual([text, '42', null, '{a,b\'c,"d\\"e",ゆ}']);
    expect(bytes![4]).toMatch(/^2026-11-24 01:02:03\.004/);
    expect(JSON.parse(bytes![5]!)).toEqual({ name: text, n: 3.5 });
  });

  it('leaves $n inside literals, quoted names, dollar quotes and comments alone', async () => {
    const q = sql<Record<string, string | null>>`SELECT '$1 it''s'::text AS "col $1", E'\\'$1'::text AS b, $$ $1 $$::text AS c,
      /* $1 */ ${'real'}::text AS d -- $1
      , ${'ten'}::text || ${'!'}::text AS e`;
    const { bytes } = await bothWays(q);
    expect(bytes).toEqual(['$1 it\'s', "'$1", ' $1 ', 'real', 'ten!']);
  });

  it('inlines values as literals that read back as the bound values, escaped or not', async () => {
    const values: unknown[] = [
      'plain',
      "it's",
      'back\\slash',
      "both ' and \\",
      '佐藤 翔 $1',
      ['x', 'y', '0f8fad5b-d9cb-469f-a165-70867728950e'],
      ['quote"d', "it's", 'back\\slash', null],
      [],
      ['ゆ'],
      null,
      42,
      new Date('2026-11-29T01:02:03.004Z'),
      Buffer.from([0, 1, 0xfe]),
    ];
    const casts = ['text', 'text', 'text', 'text', 'text', 'text[]', 'text[]', 'text[]', 'text[]', 'text', 'int', 'timestamptz', 'bytea'];
    const q = sql<Record<string, unknown>>`SELECT ${sql.join(values.map((v, i) => sql`${v}::${sql.raw(casts[i]!)} AS ${sql.id(`v${i}`)}`))}`;
    const c = q.compile(h.db);
    const inlined = inlineParameters(c.sql, c.parameters);
    const bound = (await q.execute(h.db)).rows[0];
    expect((await sql.raw<Record<string, unknown>>(inlined).execute(h.db)).rows[0]).toEqual(bound);
    expect(bound!.v6).toEqual(['quote"d', "it's", 'back\\slash', null]);
    // As pg escapes them, whichever way the text is built.
    for (const v of ['plain', "it's", 'a\\b', "'\\'", '']) expect(escapeLiteral(v)).toBe(pg.escapeLiteral(v));
  });

  it('inlines $10 and later parameters, not $1 followed by a digit', () => {
    const params = Array.from({ length: 11 }, (_, i) => `p${i + 1}`);
    const text = inlineParameters(`SELECT ${params.map((_, i) => `$${i + 1}`).join(', ')}`, params);
    expect(text).toBe(`SELECT ${params.map((p) => `'${p}'`).join(', ')}`);
    expect(() => inlineParameters('SELECT $2', ['only one'])).toThrow(/\$2/);
  });

  it('is null when the statement has no row, and a failed statement leaves the connection usable', async () => {
    expect(await rowBytes(h.db as never, sql`SELECT 'x'::text WHERE false`)).toBeNull();
    await expect(rowBytes(h.db as never, sql`SELECT (1 / ${0}::int)::text`)).rejects.toThrow(/division by zero/);
    const again = await rowBytes(h.db as never, sql`SELECT 'after'::text`);
    expect(again?.[0]?.toString()).toBe('after');
  });

  it('reads every row in order, a NULL as null; the rows join into the JSON array a list page sends', async () => {
    const q = sql`SELECT g::text AS n, CASE WHEN g = 2 THEN NULL ELSE json_build_object('g', g, 'name', '台帳 ' || g)::text END AS j
      FROM generate_series(1, 5) AS g ORDER BY g DESC`;
    const rows = await rowsBytes(h.db as never, q);
    expect(rows.map((r) => r.map((b) => b?.toString('utf8') ?? null))).toEqual(
      (await q.execute(h.db)).rows.map((r) => Object.values(r as Record<string, string | null>)),
    );
    expect(rows.map(([n]) => n!.toString())).toEqual(['5', '4', '3', '2', '1']);
    const present = rows.map(([, j]) => j).filter((j): j is Buffer => j !== null);
    expect(JSON.parse(jsonArray(present).toString('utf8'))).toEqual([5, 4, 3, 1].map((g) => ({ g, name: `台帳 ${g}` })));
    expect(jsonArray([]).toString()).toBe('[]');
    expect(await rowsBytes(h.db as never, sql`SELECT 'x'::text WHERE false`)).toEqual([]);
  });

  it('reads a page of 2,000 rows larger than a socket read exactly as the ordinary query does', async () => {
    // 2,000 rows of about 1.1 kB of mostly Japanese text: on PostgreSQL many
    // COPY messages, across many socket reads, each read where it lies.
    const q = sql`SELECT g::text AS n, json_build_object('g', g, 'name', repeat('台帳', 150 + g % 50), 'none', CASE WHEN g % 7 = 0 THEN NULL END)::text AS j
      FROM generate_series(1, 2000) AS g ORDER BY g`;
    const rows = await rowsBytes(h.db as never, q);
    const expected = (await q.execute(h.db)).rows.map((r) => Object.values(r as Record<string, string | null>));
    expect(rows).toHaveLength(2000);
    expect(rows.map((r) => r.map((b) => b?.toString('utf8') ?? null))).toEqual(expected);
    // The page a list sends: its rows written once between its head and tail.
    const page = JsonText.pageOf<{ items: { g: number }[]; count: number }>(2000, rows.map(([, j]) => j!));
    const parsed = JSON.parse(page.text) as { items: { g: number; name: string }[]; count: number };
    expect(parsed.count).toBe(2000);
    expect(parsed.items.map((i) => i.g)).toEqual(expected.map(([n]) => Number(n)));
    expect(parsed.items[41]!.name).toBe('台帳'.repeat(150 + (42 % 50)));
    expect(JsonText.pageOf(0, []).text).toBe('{"items":[],"count":0}');
  });

  it('reads COPY rows from the messages they came in, a row split across two as well as whole ones', () => {
    // COPY's binary format: signature, flags, header extension (here 2
    // bytes), rows (field count, then each field's length and bytes; -1 is
    // NULL), trailer -1.
    const field = (v: string | null) => {
      if (v === null) return Buffer.from([0xff, 0xff, 0xff, 0xff]);
      const b = Buffer.from(v, 'utf8');
      const len = Buffer.alloc(4);
      len.writeInt32BE(b.length);
      return Buffer.concat([len, b]);
    };
    const row = (...vs: (string | null)[]) => {
      const n = Buffer.alloc(2);
      n.writeInt16BE(vs.length);
      return Buffer.concat([n, ...vs.map(field)]);
    };
    const header = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.from([0, 0, 0, 0, 0, 0, 0, 2, 9, 9])]);
    const rowsIn = [row('1', '{"a":"台帳"}'), row('2', null), row('3', '{"a":""}')];
    const trailer = Buffer.from([0xff, 0xff]);
    const all = Buffer.concat([header, ...rowsIn, trailer]);
    const text = (rows: (Buffer | null)[][]) => rows.map((r) => r.map((b) => b?.toString('utf8') ?? null));
    const expected = [
      ['1', '{"a":"台帳"}'],
      ['2', null],
      ['3', '{"a":""}'],
    ];
    expect(text(rowsOfCopyBinary(all))).toEqual(expected);
    // As PostgreSQL sends them: the header with the first row, a row a message, the trailer alone.
    expect(text(rowsOfCopyChunks([Buffer.concat([header, rowsIn[0]!]), rowsIn[1]!, rowsIn[2]!, trailer]))).toEqual(expected);
    // Cut anywhere (inside the header, a length, a value, a row's field count): the same rows.
    for (let cut = 12; cut < all.length - 1; cut++) {
      expect(text(rowsOfCopyChunks([all.subarray(0, cut), all.subarray(cut)]))).toEqual(expected);
    }
    expect(() => rowsOfCopyChunks([Buffer.concat([header, rowsIn[0]!])])).toThrow(/without its trailer/);
    expect(() => rowsOfCopyChunks([Buffer.from('not copy data at all')])).toThrow(/not the binary format/);
  });

  it('reads inside the request scope, under row-level security, and rolls back with it', async () => {
    const who = await withScope(h.db, { orgId: null }, (tx) => rowBytes(tx, sql`SELECT current_user::text, current_setting('app.org_id')::text`));
    expect(who?.map((b) => b?.toString())).toEqual(['daicho_app', '']);
    await expect(
      withScope(h.db, { orgId: null }, async (tx) => {
        await rowBytes(tx, sql`SELECT (1 / 0)::text`);
      }),
    ).rejects.toThrow(/division by zero/);
  });

  it('runs a statement whose joins are as written with the join order fixed, for that statement only', async () => {
    const setting = sql`SELECT current_setting('join_collapse_limit')::text`;
    const seen = await withScope(h.db, { orgId: null }, async (tx) => {
      const during = await rowBytes(tx, setting, { joinsAsWritten: true });
      const after = await rowBytes(tx, setting);
      return [during, after].map((r) => r?.[0]?.toString());
    });
    expect(seen).toEqual(['1', '8']);
    // A failed one leaves the transaction failed, as any statement does, and the next one its own.
    await expect(withScope(h.db, { orgId: null }, (tx) => rowBytes(tx, sql`SELECT (1 / 0)::text`, { joinsAsWritten: true }))).rejects.toThrow(/division by zero/);
    expect((await rowBytes(h.db as never, setting))?.[0]?.toString()).toBe('8');
  });
});
