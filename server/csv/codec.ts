// The CSV codec of the generic import/export pipeline: bytes <-> text (UTF-8 or
// CP932, the "Shift_JIS" that Japanese Excel reads and writes), text <-> rows
// (RFC 4180), and the per-cell normalisation imports apply.
//
// Decisions, for the next engineer:
//
// - Decoding never throws. Bytes that are not valid in the chosen encoding
//   become U+FFFD and `invalid: true` is reported, so the importer can refuse
//   the file (or warn) instead of storing mojibake silently.
// - "Shift_JIS" means CP932 (Windows-31J) both ways: NEC/IBM extensions
//   (①, ㈱, Ⅰ, 髙, 纊…) and the user-defined area (gaiji) F040–F9FC <-> U+E000–U+E757.
//   On export the usual JIS/Unicode mismatches are written as their CP932
//   look-alikes (〜 U+301C as ～, − U+2212 as －, ‖ as ∥, — as ―, ¢ £ ¬ as
//   ￠ ￡ ￢, NO-BREAK SPACE as a space); anything else outside CP932 becomes
//   '?', and unrepresentableInShiftJis() lists those characters for a warning.
// - Formula-injection guard (csvLine): a string that starts with = + - @ TAB or
//   CR and is not a plain number is written with a leading apostrophe, so Excel
//   shows text instead of evaluating it ('=HYPERLINK(…)). Numbers such as -5,
//   -1.5, +81, -1,234 and -5% are left alone. normalizeCell() removes an
//   apostrophe that is followed by one of those characters, so an exported file
//   re-imports unchanged. An apostrophe before anything else ('90s) is data.
// - normalizeCell() is deliberately NOT NFKC: NFKC would also turn ① into 1,
//   ㈱ into (株), ㍻ into 平成, Ⅰ into I, ～ into ~ and compatibility kanji such
//   as 塚 (U+FA10) into their unified forms, i.e. change names and text users
//   typed on purpose. It only narrows full-width ASCII (except ～, which in CP932
//   is the wave dash of Japanese text) and the ideographic space, widens
//   half-width katakana (ｶﾞ -> ガ), joins a decomposed dakuten/handakuten to its
//   kana, turns CR LF / CR inside a cell into LF, and trims.
import { Transform } from 'node:stream';
import iconv from 'iconv-lite';

export type CsvEncoding = 'UTF-8' | 'Shift_JIS';

export interface DecodedCsv {
  text: string;
  encoding: CsvEncoding;
  /** The bytes started with a UTF-8 byte order mark (stripped from `text`). */
  bom: boolean;
  /** Some bytes were not valid in `encoding` and became U+FFFD in `text`. */
  invalid: boolean;
}

export interface ParsedCsv {
  /** The records, without completely empty lines. */
  rows: string[][];
  /** Parallel to `rows`: the 1-based line on which each record starts. */
  lines: number[];
  /**
   * A quoted field was never closed. `line` is the line of its opening quote;
   * `rows` then holds only the records before the broken one.
   */
  error?: { line: number; code: 'unterminated_quote' };
}

export type CsvValue = string | number | boolean | null | undefined;

const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;

/* ------------------------------------------------------------------------- */
/* Bytes -> text                                                              */
/* ------------------------------------------------------------------------- */

/**
 * Decode a CSV file. `auto` (default): a UTF-8 BOM means UTF-8; otherwise valid
 * UTF-8 means UTF-8 (so pure ASCII reports UTF-8); otherwise CP932.
 * `Shift_JIS`: CP932 unless the file has a UTF-8 BOM. `UTF-8`: UTF-8.
 */
export function decodeCsv(bytes: Uint8Array, hint: 'auto' | CsvEncoding = 'auto'): DecodedCsv {
  const bom = bytes.length >= 3 && bytes[0] === UTF8_BOM[0] && bytes[1] === UTF8_BOM[1] && bytes[2] === UTF8_BOM[2];
  if (bom) return { ...decodeUtf8(bytes.subarray(3)), encoding: 'UTF-8', bom };
  if (hint === 'UTF-8') return { ...decodeUtf8(bytes), encoding: 'UTF-8', bom };
  if (hint === 'auto') {
    const utf8 = decodeUtf8(bytes);
    if (!utf8.invalid) return { ...utf8, encoding: 'UTF-8', bom };
  }
  const text = decodeCp932(bytes);
  // CP932 has no U+FFFD, so any in the text stands for undecodable bytes.
  return { text, encoding: 'Shift_JIS', bom, invalid: text.includes('\uFFFD') };
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenientUtf8 = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

function decodeUtf8(bytes: Uint8Array): { text: string; invalid: boolean } {
  try {
    return { text: strictUtf8.decode(bytes), invalid: false };
  } catch {
    return { text: lenientUtf8.decode(bytes), invalid: true };
  }
}

// iconv-lite maps the user-defined area only up to F940; Windows maps all of
// F040–F9FC to U+E000–U+E757 (188 code points per lead byte).
const EUDC_FIRST = 0xe000;
const EUDC_LAST = 0xe757;
const isLeadByte = (b: number) => (b >= 0x81 && b <= 0x9f) || (b >= 0xe0 && b <= 0xfc);
const isTrailByte = (b: number) => b >= 0x40 && b <= 0xfc && b !== 0x7f;
const eudcIndex = (lead: number, trail: number) => (lead - 0xf0) * 188 + (trail < 0x7f ? trail - 0x40 : trail - 0x41);

function decodeCp932(bytes: Uint8Array): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (!isLeadByte(b) || i + 1 >= bytes.length || !isTrailByte(bytes[i + 1]!)) continue;
    if (b === 0xf9 && bytes[i + 1]! >= 0x41) {
      out += iconv.decode(bytes.subarray(from, i), 'cp932') + String.fromCharCode(EUDC_FIRST + eudcIndex(b, bytes[i + 1]!));
      from = i + 2;
    }
    i++;
  }
  return from === 0 ? iconv.decode(bytes, 'cp932') : out + iconv.decode(bytes.subarray(from), 'cp932');
}

/* ------------------------------------------------------------------------- */
/* Text -> rows                                                               */
/* ------------------------------------------------------------------------- */

const QUOTE = 0x22;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;

/**
 * RFC 4180 with the usual leniencies: CR LF, LF or CR ends a record; a quoted
 * field may hold commas, line breaks and "" (a quote); a final line break adds
 * no record; completely empty lines are skipped (a line `,,` or `""` is a
 * record of empty fields and kept). A quote inside an unquoted field, or text
 * after a closing quote (`"a"b`), is taken literally, as Excel does. A leading
 * U+FEFF is ignored. Fields are returned verbatim: see normalizeCell().
 */
export function parseCsv(text: string): ParsedCsv {
  const rows: string[][] = [];
  const lines: number[] = [];
  const n = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;

  const delimiter = /[,\r\n]/g;
  const fieldEnd = (from: number) => {
    delimiter.lastIndex = from;
    return delimiter.test(text) ? delimiter.lastIndex - 1 : n;
  };

  while (i < n) {
    const first = text.charCodeAt(i);
    if (first === LF || first === CR) {
      i += first === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
      line++;
      continue;
    }
    const rowLine = line;
    const row: string[] = [];
    for (;;) {
      let value: string;
      if (text.charCodeAt(i) === QUOTE) {
        const open = i;
        const openLine = line;
        value = '';
        let from = i + 1;
        for (;;) {
          const q = text.indexOf('"', from);
          if (q === -1) return { rows, lines, error: { line: openLine, code: 'unterminated_quote' } };
          value += text.slice(from, q);
          if (text.charCodeAt(q + 1) === QUOTE) {
            value += '"';
            from = q + 2;
            continue;
          }
          i = q + 1;
          break;
        }
        line += countLineBreaks(text, open + 1, i - 1);
        const end = fieldEnd(i);
        value += text.slice(i, end);
        i = end;
      } else {
        const end = fieldEnd(i);
        value = text.slice(i, end);
        i = end;
      }
      row.push(value);
      if (i >= n) break;
      const c = text.charCodeAt(i);
      if (c === COMMA) {
        i++;
        continue;
      }
      i += c === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
      line++;
      break;
    }
    rows.push(row);
    lines.push(rowLine);
  }
  return { rows, lines };
}

function countLineBreaks(text: string, from: number, to: number): number {
  let count = 0;
  for (let j = from; j < to; j++) {
    const c = text.charCodeAt(j);
    if (c === LF) count++;
    else if (c === CR) {
      count++;
      if (text.charCodeAt(j + 1) === LF) j++;
    }
  }
  return count;
}

/** True when every field is empty after normalizeCell (Excel writes such `,,,` lines for cleared rows). */
export function isBlankRow(row: readonly string[]): boolean {
  return row.every((cell) => normalizeCell(cell) === '');
}

/* ------------------------------------------------------------------------- */
/* Cell normalisation                                                         */
/* ------------------------------------------------------------------------- */

const GUARDED = /^'[=+\-@\t\r]/;
const NEEDS_WIDTH_WORK = /[\u3000\uff01-\uff5d\uff61-\uff9f]|\u3099|\u309a/;
// ｡ (U+FF61) … ﾝ (U+FF9D) -> 。 … ン; their NFKC forms are single full-width characters.
const HALF_KANA: readonly string[] = Array.from({ length: 0xff9d - 0xff61 + 1 }, (_, k) =>
  String.fromCharCode(0xff61 + k).normalize('NFKC'),
);

/**
 * What an import does to each cell: drop the exporter's formula-guard
 * apostrophe ('=1+1 -> =1+1), full-width ASCII and U+3000 to half-width (except
 * ～), half-width katakana to full-width (ｶﾞ -> ガ), CR LF / CR -> LF, trim.
 * ①, ㈱, Ⅰ, ～, ￥ and compatibility kanji are kept as typed (no NFKC).
 */
export function normalizeCell(value: string): string {
  let s = GUARDED.test(value) ? value.slice(1) : value;
  if (NEEDS_WIDTH_WORK.test(s)) s = normalizeWidth(s);
  if (s.includes('\r')) s = s.replace(/\r\n?/g, '\n');
  return s.trim();
}

function normalizeWidth(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xff01 && c <= 0xff5d) out += String.fromCharCode(c - 0xfee0);
    else if (c === 0x3000) out += ' ';
    else if (c >= 0xff61 && c <= 0xff9d) out += HALF_KANA[c - 0xff61]!;
    else if (c === 0xff9e || c === 0xff9f || c === 0x3099 || c === 0x309a) {
      // (Han)dakuten: join it to the kana before it when Unicode has the
      // composed letter (カ+ﾞ -> ガ, ｳﾞ -> ヴ); otherwise keep a visible mark.
      const mark = c === 0xff9e || c === 0x3099 ? '\u3099' : '\u309a';
      const composed = out ? (out.slice(-1) + mark).normalize('NFC') : '';
      if (composed.length === 1) out = out.slice(0, -1) + composed;
      else out += c === 0xff9e ? '\u309b' : c === 0xff9f ? '\u309c' : s[i]!;
    } else out += s[i]!;
  }
  return out;
}

/**
 * normalizeCell, then whitespace runs (including line breaks) to one space and
 * ASCII case-folded: for matching a header cell to a column's English or
 * Japanese label ("Ｓｅｒｉａｌ No." with a U+3000 space matches "serial no.").
 */
export function normalizeHeader(value: string): string {
  return normalizeCell(value)
    .replace(/\s+/g, ' ')
    .replace(/[A-Z]+/g, (m) => m.toLowerCase());
}

/* ------------------------------------------------------------------------- */
/* Rows -> text                                                               */
/* ------------------------------------------------------------------------- */

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(?:(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?%?$/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** The text written for one value, formula guard applied, before quoting. */
function cellText(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const s = String(value);
  return FORMULA_START.test(s) && !PLAIN_NUMBER.test(s) ? `'${s}` : s;
}

/**
 * One CSV record ending in CR LF. null/undefined -> empty field. Fields are
 * quoted when they hold a comma, quote, CR or LF or start/end with whitespace;
 * a lone empty field is written "" so the record is not an empty line. Strings
 * that Excel would evaluate get the formula guard (see the file header).
 */
export function csvLine(values: readonly CsvValue[]): string {
  const fields = values.map((value) => {
    const s = cellText(value);
    return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  });
  if (fields.length === 1 && fields[0] === '') return '""\r\n';
  return `${fields.join(',')}\r\n`;
}

/* ------------------------------------------------------------------------- */
/* Text -> bytes                                                              */
/* ------------------------------------------------------------------------- */

/** UTF-8: the BOM EF BB BF (Excel needs it to read UTF-8). Shift_JIS: nothing. */
export function csvPreamble(encoding: CsvEncoding): Buffer {
  return encoding === 'UTF-8' ? Buffer.from(UTF8_BOM) : Buffer.alloc(0);
}

// Characters outside CP932 written as their CP932 look-alike, as Windows does.
const CP932_BEST_FIT: Readonly<Record<string, string>> = {
  '\u301c': '\uff5e', // 〜 WAVE DASH -> ～
  '\u2212': '\uff0d', // − MINUS SIGN -> －
  '\u2016': '\u2225', // ‖ DOUBLE VERTICAL LINE -> ∥
  '\u2014': '\u2015', // — EM DASH -> ―
  '\u00a2': '\uffe0', // ¢ -> ￠
  '\u00a3': '\uffe1', // £ -> ￡
  '\u00ac': '\uffe2', // ¬ -> ￢
  '\u00a0': ' ', // NO-BREAK SPACE -> space
};
const BEST_FIT_CHARS = /[\u301c\u2212\u2016\u2014\u00a2\u00a3\u00ac\u00a0]/g;
const EUDC_CHARS = /[\ue000-\ue757]/;

function encodeCp932(text: string): Buffer {
  const s = text.replace(BEST_FIT_CHARS, (c) => CP932_BEST_FIT[c]!);
  if (!EUDC_CHARS.test(s)) return iconv.encode(s, 'cp932');
  const parts: Buffer[] = [];
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < EUDC_FIRST || c > EUDC_LAST) continue;
    if (i > from) parts.push(iconv.encode(s.slice(from, i), 'cp932'));
    const k = c - EUDC_FIRST;
    const t = k % 188;
    parts.push(Buffer.from([0xf0 + Math.floor(k / 188), t < 63 ? 0x40 + t : 0x41 + t]));
    from = i + 1;
  }
  if (from < s.length) parts.push(iconv.encode(s.slice(from), 'cp932'));
  return Buffer.concat(parts);
}

/**
 * Encode CSV text (without preamble). Shift_JIS is CP932; characters it cannot
 * hold become '?' (see unrepresentableInShiftJis). Encode whole records: a
 * surrogate pair split across two calls would become two replacement characters.
 */
export function encodeCsvChunk(text: string, encoding: CsvEncoding): Buffer {
  return encoding === 'UTF-8' ? Buffer.from(text, 'utf8') : encodeCp932(text);
}

const cp932Cache = new Map<string, boolean>();

/**
 * The distinct characters of `text` (code points, in order of first
 * appearance) that a Shift_JIS export writes as '?'. Characters written as a
 * CP932 look-alike (〜 -> ～ …) are not listed.
 */
export function unrepresentableInShiftJis(text: string): string[] {
  const found = new Set<string>();
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x80 || found.has(ch)) continue;
    let ok = cp932Cache.get(ch);
    if (ok === undefined) {
      const bytes = encodeCp932(ch);
      ok = !(bytes.length === 1 && bytes[0] === 0x3f);
      if (cp932Cache.size < 65_536) cp932Cache.set(ch, ok);
    }
    if (!ok) found.add(ch);
  }
  return [...found];
}

/**
 * A streaming encoder for large exports: write rows (arrays of values, turned
 * into records with csvLine) or CSV text; read Buffers. The preamble comes
 * first, exactly once (also for an export with no rows). Backpressure is the
 * stream's, so memory stays flat when piped into a response or file.
 */
export function createCsvEncoder(encoding: CsvEncoding): Transform {
  let started = false;
  let carry = ''; // a high surrogate whose low half is in the next chunk of text
  const start = (stream: Transform) => {
    if (started) return;
    started = true;
    const preamble = csvPreamble(encoding);
    if (preamble.length > 0) stream.push(preamble);
  };
  return new Transform({
    writableObjectMode: true,
    readableObjectMode: false,
    transform(chunk: unknown, _encoding, callback) {
      let text: string;
      if (Array.isArray(chunk)) text = csvLine(chunk as CsvValue[]);
      else if (typeof chunk === 'string') text = chunk;
      else return callback(new TypeError('createCsvEncoder: write an array of values or a string'));
      start(this);
      text = carry + text;
      carry = '';
      const last = text.charCodeAt(text.length - 1);
      if (last >= 0xd800 && last <= 0xdbff) {
        carry = text.slice(-1);
        text = text.slice(0, -1);
      }
      if (text) this.push(encodeCsvChunk(text, encoding));
      callback();
    },
    flush(callback) {
      start(this);
      if (carry) this.push(encodeCsvChunk(carry, encoding));
      callback();
    },
  });
}

/* ------------------------------------------------------------------------- */
/* Typed cells                                                                */
/* ------------------------------------------------------------------------- */

const TRUE_WORDS = new Set(['true', '1', 'yes', 'y', 'on', 'active', 'enabled', '有効', 'はい', '○', '◯']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'n', 'off', 'inactive', 'disabled', '無効', 'いいえ', '×']);

/**
 * A yes/no cell (after normalizeCell): true/false, 1/0, yes/no, on/off,
 * active/inactive, enabled/disabled, 有効/無効, はい/いいえ, ○/×, in any
 * case. undefined when the text is none of them (an error for the caller).
 */
export function parseCsvBoolean(value: string): boolean | undefined {
  const v = value.trim().toLowerCase();
  if (TRUE_WORDS.has(v)) return true;
  if (FALSE_WORDS.has(v)) return false;
  return undefined;
}

// Japanese eras a date may be written in, newest first: names (kanji, the
// initial as Excel and forms write it, the one-character ligature), and the
// era's first day. Year 1 is written 元年 too; a date must fall within its era
// (平成31年4月30日 is a date, 平成31年5月1日 is not: that day is 令和元年).
const ERAS: ReadonlyArray<{ names: readonly string[]; start: readonly [number, number, number] }> = [
  { names: ['令和', 'R', '\u32ff'], start: [2019, 5, 1] },
  { names: ['平成', 'H', '\u337b'], start: [1989, 1, 8] },
  { names: ['昭和', 'S', '\u337c'], start: [1926, 12, 25] },
  { names: ['大正', 'T', '\u337d'], start: [1912, 7, 30] },
  // Meiji years count from 1868-01-01 (the era was proclaimed in October, back-dated).
  { names: ['明治', 'M', '\u337e'], start: [1868, 1, 1] },
];
const ERA_BY_NAME = new Map(ERAS.flatMap((e, i) => e.names.map((n) => [n.toUpperCase(), i] as const)));
const ERA_NAMES = ERAS.flatMap((e) => e.names).join('|');
const DATE_PART = new RegExp(
  `^(?:(${ERA_NAMES})\\s*(\\d{1,2}|元)|(\\d{4}))\\s*(?:[-/.年])\\s*(\\d{1,2})\\s*(?:[-/.月])\\s*(\\d{1,2})\\s*日?`,
  'i',
);
const COMPACT_DATE = /^(\d{4})(\d{2})(\d{2})$/;
const TIME_PART = /^(?:[T\s]\s*)?(\d{1,2})\s*(?::|時)\s*(\d{1,2})\s*(?:(?::|分)\s*(\d{1,2})(?:\.(\d{1,9}))?\s*秒?|分)?/;
const ZONE_PART = /^\s*(Z|[+-]\d{2}:?\d{2})$/i;

const dayNumber = (y: number, m: number, d: number) => y * 10_000 + m * 100 + d;

/** The calendar date at the start of `v` (Gregorian or an era), checked,
 * and the text after it; undefined when `v` does not start with a date. */
function leadingDate(v: string): { year: number; month: number; day: number; rest: string } | undefined {
  const compact = COMPACT_DATE.exec(v);
  const d = compact ? null : DATE_PART.exec(v);
  if (!compact && !d) return undefined;
  let year: number;
  let era: number | undefined;
  if (d?.[1]) {
    era = ERA_BY_NAME.get(d[1].toUpperCase());
    if (era === undefined) return undefined;
    year = ERAS[era]!.start[0] + (d[2] === '元' ? 1 : Number(d[2])) - 1;
  } else year = Number(compact ? compact[1] : d![3]);
  const month = Number(compact ? compact[2] : d![4]);
  const day = Number(compact ? compact[3] : d![5]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  // The calendar day must exist (Date would roll 2023-02-29 over to March).
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return undefined;
  if (era !== undefined) {
    const n = dayNumber(year, month, day);
    const next = ERAS[era - 1]?.start;
    if (n < dayNumber(...ERAS[era]!.start) || (next && n >= dayNumber(...next))) return undefined;
    if (d![2] !== '元' && Number(d![2]) < 1) return undefined;
  }
  return { year, month, day, rest: compact ? '' : v.slice(d![0].length) };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/**
 * A date cell (after normalizeCell) as 'YYYY-MM-DD', or undefined when it is
 * not a calendar date. Accepts 2024-04-01, 2024/4/1, 2024.4.1, 20240401,
 * 2024年4月1日 and the eras: 令和6年4月1日, R6.4.1, R06/04/01, 令和元年5月1日,
 * 平成31年4月30日, 昭和55年1月2日 (S55.1.2), 大正, 明治, and the ligatures
 * ㋿ ㍻ ㍼ ㍽ ㍾. A date outside its era (平成31年5月1日) is refused.
 */
export function parseCsvDate(value: string): string | undefined {
  const d = leadingDate(value.trim());
  if (!d || d.rest.trim()) return undefined;
  return `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;
}

/**
 * A date or date-time cell (after normalizeCell) as an ISO instant, or
 * undefined when it is not one. Accepts ISO 8601 (2024-05-01T09:30:00Z,
 * with an offset or without), 2024-05-01 09:30, 2024/5/1 9:30:15 (as Excel
 * writes it), 2024年5月1日 9時30分, and the eras as parseCsvDate reads them
 * (令和6年5月1日 / R6.5.1 / 平成31年4月30日 / 昭和…). A date or time without an offset is in `offset`
 * (default Japan time, the console's); a date alone is its midnight.
 * Calendar-checked: 2023-02-29 and 25:00 are not dates.
 */
export function parseCsvDateTime(value: string, offset = '+09:00'): string | undefined {
  const d = leadingDate(value.trim());
  if (!d) return undefined;
  const { year, month, day } = d;
  let rest = d.rest;
  let hour = 0;
  let minute = 0;
  let second = 0;
  let ms = 0;
  const time = TIME_PART.exec(rest);
  if (time && time[0].trim()) {
    hour = Number(time[1]);
    minute = Number(time[2]);
    second = time[3] ? Number(time[3]) : 0;
    ms = time[4] ? Number(time[4].slice(0, 3).padEnd(3, '0')) : 0;
    rest = rest.slice(time[0].length);
  }
  let zone = offset;
  if (rest.trim()) {
    const z = ZONE_PART.exec(rest);
    if (!z) return undefined;
    zone = z[1]!.toUpperCase() === 'Z' ? 'Z' : z[1]!.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
  }
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const iso = `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}.${pad(ms, 3)}${zone}`;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}
