// The console's bundle as the browser receives it: a production build into a
// temporary directory, then the gzip size of the JavaScript the first page
// load needs (the entry and its modulepreloads, as index.html names them) and
// of every lazily loaded pane chunk (the manifest's dynamic entries).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { type Measure, type Suite, max, round } from '../lib/measure.js';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const gzipKb = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;

export const run: Suite = async ({ log }) => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'daicho-bundle-'));
  try {
    log('bundle: vite build');
    execFileSync(process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], { stdio: ['ignore', 'ignore', 'inherit'] });
    const html = fs.readFileSync(path.join(out, 'index.html'), 'utf8');
    const manifest = JSON.parse(fs.readFileSync(path.join(out, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    // What the first paint waits for: the entry and its preloads, and the
    // default language's locale chunk, which the start awaits (src/i18n.ts).
    const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    const locale = manifest['src/i18n/ja-JP.ts']?.file;
    if (!locale) throw new Error('no chunk for src/i18n/ja-JP.ts in the manifest');
    initial.push(locale);
    const initialKb = initial.reduce((sum, f) => sum + gzipKb(path.join(out, f)), 0);
    const css = [...html.matchAll(/href="\/(assets\/[^"]+\.css)"/g)].map((m) => m[1]!);
    const measures: Measure[] = [
      {
        suite: 'bundle',
        name: 'initial JS, gzip',
        value: round(initialKb, 1),
        unit: 'KB',
        budget: max(200),
        note: `${initial.length} files: ${initial.map((f) => path.basename(f)).join(', ')}`,
      },
      { suite: 'bundle', name: 'initial CSS, gzip', value: round(css.reduce((s, f) => s + gzipKb(path.join(out, f)), 0), 1), unit: 'KB' },
    ];
    for (const [src, chunk] of Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b))) {
      if (!chunk.isDynamicEntry) continue;
      // A lazy pane's own chunk plus the shared chunks it pulls in that the first load did not.
      const own = gzipKb(path.join(out, chunk.file));
      const extra = (chunk.imports ?? [])
        .map((k) => manifest[k]?.file)
        .filter((f): f is string => !!f && !initial.includes(f))
        .reduce((s, f) => s + gzipKb(path.join(out, f)), 0);
      measures.push({ suite: 'bundle', name: `route chunk ${chunk.name ?? src}`, value: round(own + extra, 1), unit: 'KB', note: `${src}; own ${round(own, 1)} KB + shared ${round(extra, 1)} KB` });
    }
    const wasm = fs.readdirSync(path.join(out, 'assets')).filter((f) => f.endsWith('.wasm'));
    for (const f of wasm) measures.push({ suite: 'bundle', name: `wasm ${f.replace(/-[\w-]+\.wasm$/, '')}`, value: round(gzipKb(path.join(out, 'assets', f)), 1), unit: 'KB', note: 'loaded only by the scanner' });
    return measures;
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
};
