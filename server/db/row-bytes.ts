// A statement's text values as the bytes PostgreSQL sent, never decoded.
//
// A list page's rows are built as JSON text by PostgreSQL (row_to_json, one
// row each; joined into the page's array here: jsonArray) and sent to the
// browser as they are: the server never looks inside them. Read through pg as
// usual, those bytes would be decoded into a JavaScript string (UTF-8, most
// of it Japanese: two bytes a character in V8) and encoded back into UTF-8
// for the response. For a 1000-row page (1.37 MB) that is 3.6 ms of decoding
// and 2.4 ms of encoding on the bench machine, and two large objects of
// garbage per request; for a 100-row page 0.33 + 0.24 ms (measured with
// Buffer#toString and Buffer.from on the real page, medians of 200).
//
// pg has no way to hand a column over undecoded: its parser decodes every
// DataRow field. COPY's data is the exception (CopyData messages arrive as
// raw chunks), so a statement marked by `rowBytes` below runs as
// `COPY (statement) TO STDOUT (FORMAT binary)`, whose binary format carries
// a text or json value as its bytes, undecoded. COPY takes no bind
// parameters, so the statement's are inlined as escaped literals first:
// the same text pg would have bound, as a literal of unknown type (which
// PostgreSQL resolves from its context exactly as it does an untyped
// parameter).
//
// Only text-like columns (text, json, varchar) are allowed: their binary
// form is their text. Cast anything else (`n::text`).
//
// The same statement on PGlite (no socket, whose adapter answers COPY
// differently) runs as an ordinary query and its values are encoded here:
// the caller sees the same bytes either way (tests/api/row-bytes.test.ts).
import { createRequire } from 'node:module';
import { type RawBuilder, sql } from 'kysely';
import pg from 'pg';
import { type Lead, parseRow } from './lead.js';
import type { Tx } from './tenant.js';

// pg's own text form of a bound value (arrays, dates, JSON, Buffers): what
// it would have sent as the parameter.
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue(v: unknown): string | Buffer | null };

/** The comment that marks a statement for `rowBytes` (server/db/index.ts's
 * Client looks for it at the start of a query's text). */
export const ROW_BYTES_MARK = '/*daicho:row-bytes*/';

/** After ROW_BYTES_MARK: the statement's explicit JOINs are written in the
 * order to run them, and the planner is to take them so
 * (`join_collapse_limit = 1`, for this statement only; the transaction's
 * setting is back to its default after it). A list page's rows join the
 * page's ids to the table and each reference to it, eight relations for
 * equipment: the planner spent 2.4 ms of a 7 ms first page (100 rows) trying
 * their orders to choose the one written; as written it plans in 1.1 ms and
 * runs the same plan (docs/benchmarks.md, fourteenth round). The setting
 * holds for the statement's sub-selects too: mark only a statement none of
 * whose parts needs the planner to choose an order among three or more
 * relations. */
export const JOINS_AS_WRITTEN_MARK = '/*daicho:joins-as-written*/';

export interface RowBytesOptions {
  /** See JOINS_AS_WRITTEN_MARK. */
  joinsAsWritten?: boolean;
}

/** The statements that put a marked statement's join order setting in
 * place and back, and the statement without its mark. */
function joinOrder(text: string): { text: string; before: string | null; after: string | null } {
  if (!text.startsWith(JOINS_AS_WRITTEN_MARK)) return { text, before: null, after: null };
  return { text: text.slice(JOINS_AS_WRITTEN_MARK.length), before: 'SET LOCAL join_collapse_limit = 1', after: 'SET LOCAL join_collapse_limit TO DEFAULT' };
}

/** prepareValue's result; an array of plain strings (a page's ids and
 * versions: nothing in them to escape) joined at once instead of each one
 * through two regular expressions. */
function prepare(v: unknown): string | Buffer | null {
  if (Array.isArray(v) && v.length && v.every((x) => typeof x === 'string' && !x.includes('"') && !x.includes('\\'))) return `{"${v.join('","')}"}`;
  return prepareValue(v);
}

/** pg.escapeLiteral's result, without its walk of every character when
 * there is nothing to escape (the usual case: ids, numbers, names). */
export function escapeLiteral(v: string): string {
  if (!v.includes("'") && !v.includes('\\')) return `'${v}'`;
  return pg.escapeLiteral(v);
}

/** Where inlineParameters looks: a quoted name or string whole (as a
 * regular expression finds it, far faster than a walk: a page's statement
 * quotes hundreds of names), else a quote, a dollar sign, or a comment's start. */
const SPECIAL = /"[^"]*(?:""[^"]*)*"|'[^']*(?:''[^']*)*'|['"$]|--|\/\*/g;
/** A parameter's number, at a dollar sign. */
const PARAMETER = /\$(\d+)/y;
/** A dollar quote's tag, at a dollar sign. */
const DOLLAR_TAG = /\$(?:[A-Za-z_][A-Za-z_0-9]*)?\$/y;
const WORD = /[\w$]/;

/** The text of the statement with its `$n` parameters replaced by literals.
 * `$n` inside quoted identifiers, string literals (also E'' strings),
 * dollar-quoted strings and comments is left alone. Every list page's
 * statement passes here: the text is copied in slices between what is
 * found, not character by character, and the usual values (ids, versions,
 * names) skip pg's walk of every character. The first 100-row page's
 * statement with its kept rows: 130 µs before, 40 now; the 1000-row page's
 * 0.9–1.0 ms, 0.16–0.22 now (medians of 5,000 calls, docs/benchmarks.md,
 * twentieth round). */
export function inlineParameters(text: string, params: readonly unknown[]): string {
  const literal = (i: number) => {
    if (i < 1 || i > params.length) throw new Error(`statement names $${i}, but ${params.length} parameters were given`);
    const v = prepare(params[i - 1]);
    if (v === null) return 'NULL';
    if (Buffer.isBuffer(v)) return `'\\x${v.toString('hex')}'::bytea`;
    return escapeLiteral(v);
  };
  const n = text.length;
  /** Text before `copied` is in `out`. */
  let out = '';
  let copied = 0;
  const special = new RegExp(SPECIAL);
  for (let m = special.exec(text); m; m = special.exec(text)) {
    const at = m.index;
    const ch = text[at]!;
    /** Where the construct at `at` ends: scanning goes on from there. */
    let end: number;
    if (ch === "'" || ch === '"') {
      // Quoted: up to the closing quote ('' or "" is an escaped quote; an
      // E'' string also escapes with a backslash: walked, as is a quote
      // never closed).
      const escapes = ch === "'" && at > 0 && /[eE]/.test(text[at - 1]!) && !WORD.test(text[at - 2] ?? ' ');
      if (m[0].length > 1 && !escapes) end = at + m[0].length;
      else {
        let j = at + 1;
        for (; j < n; j++) {
          if (escapes && text[j] === '\\') j++;
          else if (text[j] === ch) {
            if (text[j + 1] === ch) j++;
            else break;
          }
        }
        end = j + 1;
      }
    } else if (ch === '-') {
      const j = text.indexOf('\n', at);
      end = j < 0 ? n : j;
    } else if (ch === '/') {
      const j = text.indexOf('*/', at + 2);
      end = j < 0 ? n : j + 2;
    } else {
      const wordBefore = WORD.test(text[at - 1] ?? ' ');
      PARAMETER.lastIndex = at;
      const param = wordBefore ? null : PARAMETER.exec(text);
      if (param) {
        out += text.slice(copied, at) + literal(Number(param[1]));
        copied = end = at + param[0].length;
      } else {
        DOLLAR_TAG.lastIndex = at;
        const tag = wordBefore ? null : DOLLAR_TAG.exec(text);
        if (tag) {
          const close = text.indexOf(tag[0], at + tag[0].length);
          end = close < 0 ? n : close + tag[0].length;
        } else end = at + 1;
      }
    }
    special.lastIndex = end;
  }
  return out + text.slice(copied);
}

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/** Where COPY's binary rows start in `data` (after the signature and the header extension). */
function copyBinaryStart(data: Buffer): number {
  if (data.length < 19 || !data.subarray(0, 11).equals(SIGNATURE)) throw new Error('COPY: not the binary format');
  return 19 + data.readUInt32BE(15);
}

/** Reads COPY's binary rows from `data` at `at` into `rows`, each its
 * fields (views into `data`): 'end' at the trailer, 'more' where `data`
 * ends between two rows, 'cut' where a row runs past its end. */
function readCopyRows(data: Buffer, at: number, rows: (Buffer | null)[][]): 'end' | 'more' | 'cut' {
  while (at < data.length) {
    if (at + 2 > data.length) return 'cut';
    const count = data.readInt16BE(at);
    at += 2;
    if (count === -1) return 'end';
    const fields: (Buffer | null)[] = [];
    for (let f = 0; f < count; f++) {
      if (at + 4 > data.length) return 'cut';
      const len = data.readInt32BE(at);
      at += 4;
      if (len === -1) fields.push(null);
      else {
        if (at + len > data.length) return 'cut';
        fields.push(data.subarray(at, at + len));
        at += len;
      }
    }
    rows.push(fields);
  }
  return 'more';
}

/** The rows of COPY's binary format, each its fields (views into `data`). */
export function rowsOfCopyBinary(data: Buffer): (Buffer | null)[][] {
  const rows: (Buffer | null)[][] = [];
  if (readCopyRows(data, copyBinaryStart(data), rows) !== 'end') throw new Error('COPY: the data ended without its trailer');
  return rows;
}

/**
 * The rows of COPY's binary format sent as CopyData messages (`chunks`, in
 * order), each its fields (views into the chunks). PostgreSQL sends a row
 * per message (the header with the first, the trailer alone), so the rows
 * are read where they lie, without joining the messages into one buffer
 * first: for a 1000-row page that join was a copy of 1.4 MB, and the
 * buffers a request allocates are what starts V8's young-generation
 * collections (one every 32 MB of them, whatever the heap's size:
 * docs/benchmarks.md, twenty-fifth round). A row that runs across a
 * message's end (the protocol allows it), or a header cut, is read from the
 * joined buffer.
 */
export function rowsOfCopyChunks(chunks: readonly Buffer[]): (Buffer | null)[][] {
  const joined = () => rowsOfCopyBinary(Buffer.concat(chunks));
  if (!chunks.length || chunks[0]!.length < 19) return joined();
  const rows: (Buffer | null)[][] = [];
  for (const [c, data] of chunks.entries()) {
    const at = c === 0 ? copyBinaryStart(data) : 0;
    const read = at > data.length ? 'cut' : readCopyRows(data, at, rows);
    if (read === 'end') return rows;
    if (read === 'cut') return joined();
  }
  throw new Error('COPY: the data ended without its trailer');
}

/** A JSON array of the given JSON values (UTF-8), `[a,b,…]`, written once
 * into one buffer, between `head` and `tail` (text: a list page's
 * `{"items":` and `,"count":n}`, so that the page is one allocation and
 * one copy of its rows, not two). */
export function jsonArray(values: readonly Uint8Array[], head = '', tail = ''): Buffer {
  const headBytes = Buffer.byteLength(head);
  let size = headBytes + 2 + Math.max(0, values.length - 1) + Buffer.byteLength(tail);
  for (const v of values) size += v.byteLength;
  const out = Buffer.allocUnsafe(size);
  let at = out.write(head, 0);
  out[at++] = 0x5b; // [
  values.forEach((v, i) => {
    if (i) out[at++] = 0x2c; // ,
    out.set(v, at);
    at += v.byteLength;
  });
  out[at++] = 0x5d; // ]
  out.write(tail, at);
  return out;
}

/** A query pg's Client runs as it runs its own (a "submittable"): COPY …
 * TO STDOUT, its data gathered as it arrives. */
class CopyOut {
  private readonly chunks: Buffer[] = [];
  private error: unknown = null;
  readonly done: Promise<Buffer[]>;
  private settle!: { resolve(b: Buffer[]): void; reject(e: unknown): void };
  /** The fields of the last row description (a lead's SELECT, ./lead.ts). */
  private fields: { name: string; dataTypeID: number }[] = [];

  constructor(
    private readonly text: string,
    private readonly lead: Lead | null = null,
  ) {
    this.done = new Promise((resolve, reject) => (this.settle = { resolve, reject }));
  }

  submit(connection: { query(text: string): void }): null {
    connection.query(this.text);
    return null;
  }

  // The parser's buffer may be reused for the next message: copy the chunk.
  handleCopyData(msg: { chunk: Buffer }) {
    this.chunks.push(Buffer.from(msg.chunk));
  }

  handleRowDescription(msg: { fields: { name: string; dataTypeID: number }[] }) {
    this.fields = msg.fields;
  }
  // Only the lead's SELECT sends rows as rows (the statement's come as COPY data).
  handleDataRow(msg: { fields: (string | null)[] }) {
    if (this.lead && !this.lead.row) this.lead.row = parseRow(this.fields, msg.fields);
  }
  handleCommandComplete() {}
  handleEmptyQuery() {}
  handlePortalSuspended() {}
  handleCopyInResponse(connection: { sendCopyFail(msg: string): void }) {
    connection.sendCopyFail('not a COPY FROM');
  }

  // pg calls handleError for an ErrorResponse (the ReadyForQuery after it
  // is not passed on) and for a dead connection.
  handleError(err: unknown) {
    this.error = err;
    this.settle.reject(err);
  }

  handleReadyForQuery() {
    if (!this.error) this.settle.resolve(this.chunks);
  }
}

/** Runs a marked statement (the text after ROW_BYTES_MARK, with its
 * parameters) on a PostgreSQL connection: its rows, each `{fields}` (Buffers),
 * as Kysely reads a result. */
export async function runRowBytes(client: pg.Client, marked: string, params: readonly unknown[], lead: Lead | null = null) {
  // One message either way: a join order setting rides with the COPY, and
  // a lead (./lead.ts) ahead of them.
  const { text, before, after } = joinOrder(marked);
  const copyText = `COPY (${inlineParameters(text, params)}) TO STDOUT (FORMAT binary)`;
  const own = before ? `${before}; ${copyText}; ${after}` : copyText;
  if (lead) lead.sent = true;
  const copy = new CopyOut(lead ? `${lead.text}; ${own}` : own, lead);
  client.query(copy as never);
  const rows = rowsOfCopyChunks(await copy.done);
  return { command: 'COPY', rowCount: rows.length, rows: rows.map((fields) => ({ fields })) };
}

/** A marked statement run as an ordinary query through `run` (PGlite's
 * client: in process, a statement per call costs nothing to speak of), its
 * join order setting as statements of their own; its rows as runRowBytes
 * gives them. */
export async function runRowBytesAsQuery(run: (text: string, params?: readonly unknown[]) => Promise<unknown>, marked: string, params: readonly unknown[]) {
  const { text, before, after } = joinOrder(marked);
  if (before) await run(before);
  const r = (await run(text, params)) as pg.QueryResult;
  if (after) await run(after);
  return rowBytesOf(r.rows);
}

/** The same statement run as a query (PGlite): its values encoded as UTF-8.
 * A value pg did not read as text is refused here as COPY would garble it. */
function rowBytesOf(rows: readonly Record<string, unknown>[]) {
  const out = rows.map((row) => ({
    fields: Object.entries(row).map(([name, v]) => {
      if (v === null) return null;
      if (typeof v !== 'string') throw new Error(`rowBytes: column ${name} is not text (cast it ::text)`);
      return Buffer.from(v, 'utf8');
    }),
  }));
  return { command: 'SELECT', rowCount: out.length, rows: out };
}

/** Every row of `query` (text-like columns only), each value as the UTF-8
 * bytes PostgreSQL sent. */
export async function rowsBytes(tx: Tx, query: RawBuilder<unknown>, opts: RowBytesOptions = {}): Promise<(Buffer | null)[][]> {
  const mark = opts.joinsAsWritten ? ROW_BYTES_MARK + JOINS_AS_WRITTEN_MARK : ROW_BYTES_MARK;
  const r = await sql<{ fields: (Buffer | null)[] }>`${sql.raw(mark)}${query}`.execute(tx);
  return r.rows.map((row) => row.fields);
}

/** The first row of `query` (text-like columns only), each value as the
 * UTF-8 bytes PostgreSQL sent; null when there is no row. */
export async function rowBytes(tx: Tx, query: RawBuilder<unknown>, opts: RowBytesOptions = {}): Promise<(Buffer | null)[] | null> {
  return (await rowsBytes(tx, query, opts))[0] ?? null;
}
