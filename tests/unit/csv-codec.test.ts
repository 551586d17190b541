// The CSV codec: encodings Japanese Excel reads and writes, RFC 4180 parsing
// with line numbers, cell normalisation, the formula guard and streaming.
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import {
  createCsvEncoder,
  csvLine,
  csvPreamble,
  decodeCsv,
  encodeCsvChunk,
  isBlankRow,
  normalizeCell,
  normalizeHeader,
  parseCsv,
  unrepresentableInShiftJis,
} from '../../server/csv/codec.js';

const BOM = [0xef, 0xbb, 0xbf];
const utf8 = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));
const withBom = (s: string) => new Uint8Array([...BOM, ...Buffer.from(s, 'utf8')]);
const cp932 = (s: string) => new Uint8Array(iconv.encode(s, 'cp932'));

describe('decodeCsv', () => {
  it('reads UTF-8 with a BOM and strips it', () => {
    expect(decodeCsv(withBom('名前,メール\r\n'))).toEqual({ text: '名前,メール\r\n', encoding: 'UTF-8', bom: true, invalid: false });
  });

  it('reads BOM-less UTF-8 (ASCII included) as UTF-8', () => {
    expect(decodeCsv(utf8('氏名,①\n'))).toEqual({ text: '氏名,①\n', encoding: 'UTF-8', bom: false, invalid: false });
    expect(decodeCsv(utf8('a,b\n')).encoding).toBe('UTF-8');
    expect(decodeCsv(new Uint8Array(0))).toEqual({ text: '', encoding: 'UTF-8', bom: false, invalid: false });
  });

  it('reads CP932 with NEC/IBM extensions and half-width katakana', () => {
    const text = '会社,番号,氏名,カナ\r\n㈱髙橋商事,①,髙塚 一郎,ﾀｶﾂｶ ｲﾁﾛｳ\r\n';
    const bytes = cp932(text);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    expect(decodeCsv(bytes)).toEqual({ text, encoding: 'Shift_JIS', bom: false, invalid: false });
  });

  it('keeps gaiji (user-defined area) as private-use characters, both ways', () => {
    const bytes = new Uint8Array([0x41, 0xf0, 0x40, 0xf9, 0xfc, 0x42]);
    const { text } = decodeCsv(bytes, 'Shift_JIS');
    expect(text).toBe('A\ue000\ue757B');
    expect([...encodeCsvChunk(text, 'Shift_JIS')]).toEqual([...bytes]);
  });

  it('follows the hint, except that a UTF-8 BOM wins', () => {
    // E6 9D B1 E4 BA AC E3 81 AE: "東京の" in UTF-8, and "譚ｱ莠ｬ縺ｮ" in CP932.
    const both = utf8('東京の');
    expect(decodeCsv(both)).toMatchObject({ text: '東京の', encoding: 'UTF-8' });
    expect(decodeCsv(both, 'Shift_JIS')).toEqual({ text: '譚ｱ莠ｬ縺ｮ', encoding: 'Shift_JIS', bom: false, invalid: false });
    expect(decodeCsv(withBom('東京の'), 'Shift_JIS')).toEqual({ text: '東京の', encoding: 'UTF-8', bom: true, invalid: false });
    expect(decodeCsv(cp932('ｱ'), 'UTF-8')).toEqual({ text: '\ufffd', encoding: 'UTF-8', bom: false, invalid: true });
    expect(decodeCsv(cp932('ｱ'), 'auto')).toEqual({ text: 'ｱ', encoding: 'Shift_JIS', bom: false, invalid: false });
  });

  it('never throws on garbage: U+FFFD and invalid: true', () => {
    const garbage = new Uint8Array([0x61, 0xff, 0xfe, 0x0a, 0x81, 0x0a, 0x62, 0x81]);
    const out = decodeCsv(garbage);
    expect(out.encoding).toBe('Shift_JIS');
    expect(out.invalid).toBe(true);
    expect(out.text).toBe('a\ufffd\ufffd\n\ufffd\nb\ufffd'); // a lead byte never swallows the line break
    expect(decodeCsv(new Uint8Array([...BOM, 0x61, 0xc3]))).toEqual({ text: 'a\ufffd', encoding: 'UTF-8', bom: true, invalid: true });
  });
});

describe('parseCsv', () => {
  it('reads quoted fields with commas, quotes and line breaks', () => {
    const text = 'id,note\r\n1,"a, b"\r\n2,"say ""hi"""\r\n3,"line 1\r\nline 2\nline 3"\r\n4,""\r\n';
    expect(parseCsv(text)).toEqual({
      rows: [['id', 'note'], ['1', 'a, b'], ['2', 'say "hi"'], ['3', 'line 1\r\nline 2\nline 3'], ['4', '']],
      lines: [1, 2, 3, 4, 7],
    });
  });

  it('accepts CR LF, LF and CR line ends alike', () => {
    const expected = [['a', 'b'], ['c', 'd'], ['e', '']];
    for (const eol of ['\r\n', '\n', '\r']) {
      expect(parseCsv(['a,b', 'c,d', 'e,'].join(eol) + eol)).toEqual({ rows: expected, lines: [1, 2, 3] });
    }
    expect(parseCsv('a\r\nb\nc\rd')).toEqual({ rows: [['a'], ['b'], ['c'], ['d']], lines: [1, 2, 3, 4] });
  });

  it('adds no row for a final line break, with or without one', () => {
    expect(parseCsv('a,b\r\n').rows).toEqual([['a', 'b']]);
    expect(parseCsv('a,b').rows).toEqual([['a', 'b']]);
    expect(parseCsv('').rows).toEqual([]);
  });

  it('skips completely empty lines but keeps their numbers', () => {
    expect(parseCsv('\r\nh1,h2\r\n\r\n\r\nx,y\n\n,\n""\n')).toEqual({
      rows: [['h1', 'h2'], ['x', 'y'], ['', ''], ['']],
      lines: [2, 5, 7, 8],
    });
    expect(isBlankRow(['', ' ', '\u3000'])).toBe(true);
    expect(isBlankRow(['', 'x'])).toBe(false);
  });

  it('ignores a leading BOM character and takes stray quotes literally', () => {
    expect(parseCsv('\ufeffname,size\n5" disk,"a"b\n').rows).toEqual([['name', 'size'], ['5" disk', 'ab']]);
  });

  it('reports an unterminated quote with the line of the opening quote', () => {
    expect(parseCsv('a,b\r\n1,2\r\n3,"oops\r\n4,5\r\n')).toEqual({
      rows: [['a', 'b'], ['1', '2']],
      lines: [1, 2],
      error: { line: 3, code: 'unterminated_quote' },
    });
    // A multi-line field before the broken one: the line numbers still count physical lines.
    expect(parseCsv('h\n"x\ny"\n\n"z').error).toEqual({ line: 5, code: 'unterminated_quote' });
    expect(parseCsv('h\n"x\ny"\n\n"z').lines).toEqual([1, 2]);
  });
});

describe('normalizeCell / normalizeHeader', () => {
  it('narrows full-width ASCII and the ideographic space and trims', () => {
    expect(normalizeCell('\u3000ＡＢＣ－１２３\u3000')).toBe('ABC-123');
    expect(normalizeCell('ｔａｒｏ＠ｅｘａｍｐｌｅ．ｊｐ')).toBe('taro@example.jp');
    expect(normalizeCell('０３／１２３４\u3000５６７８')).toBe('03/1234 5678');
    expect(normalizeCell('  \t x \r\n')).toBe('x');
  });

  it('widens half-width katakana, joining (han)dakuten', () => {
    expect(normalizeCell('ﾀｶﾊｼ ｶﾞｯｺｳ ﾊﾟｿｺﾝ ｳﾞｧｲｵﾘﾝ｡｢ｰ｣')).toBe('タカハシ ガッコウ パソコン ヴァイオリン。「ー」');
    expect(normalizeCell('カﾞ')).toBe('ガ');
    expect(normalizeCell('ハ\u309a')).toBe('パ'); // decomposed (macOS) kana
    expect(normalizeCell('ﾞaﾟ')).toBe('゛a゜'); // nothing to join: a visible mark
  });

  it('keeps what NFKC would change but users typed on purpose', () => {
    for (const s of ['①②', '㈱山田', '㍻', 'Ⅰ型', '10時～12時', '￥1,000', '\ufa10', '髙', '№', '℃', '10Å']) {
      expect(normalizeCell(s)).toBe(s);
    }
  });

  it('turns line breaks inside a cell into LF', () => {
    expect(normalizeCell('a\r\nb\rc\nd')).toBe('a\nb\nc\nd');
  });

  it('removes only the formula-guard apostrophe', () => {
    expect(normalizeCell("'=1+1")).toBe('=1+1');
    expect(normalizeCell("'@x")).toBe('@x');
    expect(normalizeCell("'90s")).toBe("'90s");
    expect(normalizeCell("''")).toBe("''");
  });

  it('matches headers across width, case and spacing', () => {
    expect(normalizeHeader('  Ｓｅｒｉａｌ\u3000ＮＯ． ')).toBe('serial no.');
    expect(normalizeHeader('Serial\nNo.')).toBe('serial no.');
    expect(normalizeHeader('ｼﾘｱﾙ番号')).toBe('シリアル番号');
    expect(normalizeHeader('ÉTAT')).toBe('État'); // ASCII letters only
  });
});

describe('csvLine and the formula guard', () => {
  it('quotes only when needed and ends in CR LF', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'x\ny', ' pad', 'pad ', 1, -2.5, true, null, undefined])).toBe(
      'a,"b,c","say ""hi""","x\ny"," pad","pad ",1,-2.5,true,,\r\n',
    );
    expect(csvLine([''])).toBe('""\r\n');
    expect(csvLine([null, null])).toBe(',\r\n');
  });

  it('guards strings Excel would evaluate, not plain numbers', () => {
    expect(csvLine(['=HYPERLINK("http://x","y")'])).toBe('"\'=HYPERLINK(""http://x"",""y"")"\r\n');
    expect(csvLine(['=1+1', '+81 3-1234', '@x', '-', '\tx', '\rx'])).toBe('\'=1+1,\'+81 3-1234,\'@x,\'-,\'\tx,"\'\rx"\r\n');
    expect(csvLine(['-5', '-1.5', '+81', '-1,234', '-5%', '-1e5', -5, 'a=b'])).toBe('-5,-1.5,+81,"-1,234",-5%,-1e5,-5,a=b\r\n');
  });

  it('round-trips through csvLine, parseCsv and normalizeCell', () => {
    const values = ['=1+1', '-5', '@x', '+81 3-1234', '-1.5', '=HYPERLINK("http://evil","click")', 'a,"b"\nc', '①㈱髙'];
    const { rows, error } = parseCsv(csvLine(values) + csvLine(values));
    expect(error).toBeUndefined();
    expect(rows).toHaveLength(2);
    expect(rows[0]!.map(normalizeCell)).toEqual(values);
  });
});

describe('encoding for export', () => {
  it('has a BOM preamble for UTF-8 and none for Shift_JIS', () => {
    expect([...csvPreamble('UTF-8')]).toEqual(BOM);
    expect(csvPreamble('Shift_JIS').length).toBe(0);
    expect(encodeCsvChunk('é,①\r\n', 'UTF-8').toString('utf8')).toBe('é,①\r\n');
  });

  it('round-trips Shift_JIS (CP932) text', () => {
    const text = csvLine(['㈱髙橋商事', '①', 'ﾀｶﾊｼ', '～', '－', '纊', '∥', 'abc\\~']);
    const bytes = encodeCsvChunk(text, 'Shift_JIS');
    expect([...bytes.subarray(0, 6)]).toEqual([...iconv.encode('㈱髙橋', 'cp932')]);
    expect(decodeCsv(bytes)).toEqual({ text, encoding: 'Shift_JIS', bom: false, invalid: false });
  });

  it('writes JIS look-alikes as their CP932 forms and the rest as ?', () => {
    expect(decodeCsv(encodeCsvChunk('1〜2−3‖—¢£¬\u00a0x', 'Shift_JIS')).text).toBe('1～2－3∥―￠￡￢ x');
    expect(decodeCsv(encodeCsvChunk('a😀b€c', 'Shift_JIS')).text).toBe('a?b?c');
  });

  it('lists the characters a Shift_JIS export cannot hold', () => {
    expect(unrepresentableInShiftJis('東京〜大阪 ①㈱髙 ｶﾅ é😀€é 😀 \ue000 ?')).toEqual(['é', '😀', '€']);
    expect(unrepresentableInShiftJis('すべて表せる')).toEqual([]);
  });
});

describe('createCsvEncoder', () => {
  async function run(encoding: 'UTF-8' | 'Shift_JIS', source: Iterable<unknown>) {
    const chunks: Buffer[] = [];
    let produced = 0;
    let consumedRecords = 0;
    let maxLag = 0;
    async function* counted() {
      for (const item of source) {
        produced++;
        maxLag = Math.max(maxLag, produced - consumedRecords);
        yield item;
      }
    }
    const sink = new Writable({
      write(chunk: Buffer, _enc, callback) {
        chunks.push(chunk);
        for (const b of chunk) if (b === 0x0a) consumedRecords++;
        setImmediate(callback); // a consumer slower than the producer
      },
    });
    await pipeline(Readable.from(counted()), createCsvEncoder(encoding), sink);
    return { bytes: Buffer.concat(chunks), maxLag };
  }

  function* rows(count: number) {
    yield ['id', '名前', 'メモ'];
    for (let i = 1; i <= count; i++) yield [i, `社員${i}①`, i % 1000 === 0 ? '=cmd|x, "y"\nz' : `ﾒﾓ ${i}`];
  }

  it('streams 100k rows with one preamble, parseable output and bounded buffering', async () => {
    const { bytes, maxLag } = await run('UTF-8', rows(100_000));
    expect([...bytes.subarray(0, 3)]).toEqual(BOM);
    expect(bytes.indexOf(Buffer.from(BOM), 3)).toBe(-1);
    const decoded = decodeCsv(bytes);
    expect(decoded).toMatchObject({ encoding: 'UTF-8', bom: true, invalid: false });
    const { rows: parsed, lines, error } = parseCsv(decoded.text);
    expect(error).toBeUndefined();
    expect(parsed).toHaveLength(100_001);
    expect(parsed[0]).toEqual(['id', '名前', 'メモ']);
    expect(parsed[1]).toEqual(['1', '社員1①', 'ﾒﾓ 1']);
    expect(parsed[1000]!.map(normalizeCell)).toEqual(['1000', '社員1000①', '=cmd|x, "y"\nz']);
    expect(lines[1001]).toBe(1003); // after the two-line record of row 1000
    expect(maxLag).toBeLessThan(2_000); // the producer is not drained ahead of the consumer
  }, 60_000);

  it('streams Shift_JIS without a preamble and accepts text chunks', async () => {
    const { bytes } = await run('Shift_JIS', [['a', '①'], 'x,髙\r\n', '😀'.slice(0, 1), '😀'.slice(1), ['ｶﾅ']]);
    expect(decodeCsv(bytes)).toEqual({ text: 'a,①\r\nx,髙\r\n?ｶﾅ\r\n', encoding: 'Shift_JIS', bom: false, invalid: false });
  });

  it('writes the preamble once even for an empty export', async () => {
    expect([...(await run('UTF-8', [])).bytes]).toEqual(BOM);
    expect((await run('Shift_JIS', [])).bytes.length).toBe(0);
  });

  it('rejects other chunks', async () => {
    await expect(run('UTF-8', [42])).rejects.toThrow(TypeError);
  });
});
