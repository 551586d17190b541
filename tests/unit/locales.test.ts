// Both languages are complete: the same files, the same keys, no empty text,
// and the same {{placeholders}} in each translation.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.resolve('locales');
const read = (lang: string, file: string) => JSON.parse(fs.readFileSync(path.join(dir, lang, file), 'utf8')) as unknown;

function flatten(node: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof node === 'string') out.set(prefix, node);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else throw new Error(`${prefix}: not a string or object`);
  return out;
}
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locales', () => {
  const ja = fs.readdirSync(path.join(dir, 'ja-JP')).sort();
  const en = fs.readdirSync(path.join(dir, 'en-US')).sort();

  it('have the same namespace files', () => {
    expect(ja).toEqual(en);
    expect(ja.length).toBeGreaterThan(0);
  });

  it.each(en)('%s has the same keys and placeholders in ja-JP and en-US', (file) => {
    const e = flatten(read('en-US', file));
    const j = flatten(read('ja-JP', file));
    expect([...j.keys()].sort()).toEqual([...e.keys()].sort());
    for (const [key, text] of e) {
      expect(text.trim(), `en-US ${file} ${key}`).not.toBe('');
      expect(j.get(key)!.trim(), `ja-JP ${file} ${key}`).not.toBe('');
      expect(placeholders(j.get(key)!), `${file} ${key}`).toEqual(placeholders(text));
    }
  });
});
