#!/usr/bin/env node
// Browser tests use the system Chromium; no test tool downloads a browser.
// Finds it (CHROMIUM_PATH, else Debian's /usr/bin/chromium). When missing and
// running as root with apt-get, installs Debian's chromium and a CJK font
// (Japanese renders as boxes without one); otherwise names the command to run.
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
const found = () => candidates.find((p) => fs.existsSync(p));
const hasCjkFont = () => {
  const r = spawnSync('fc-list', [':lang=ja'], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim().length > 0;
};
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;

const missing = [];
if (!found()) missing.push('chromium');
if (!hasCjkFont()) missing.push('fonts-noto-cjk');

if (missing.length) {
  if (isRoot && hasApt) {
    console.log(`Installing ${missing.join(' and ')} from Debian for the browser tests…`);
    execSync('apt-get update -qq', { stdio: 'inherit' });
    execSync(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, { stdio: 'inherit' });
  } else {
    console.error(
      `\nThe browser tests need ${missing.join(' and ')}. Install with:\n\n  sudo apt-get install -y ${missing.join(' ')}\n\n` +
        '(or set CHROMIUM_PATH to a Chromium binary).\n',
    );
    process.exit(1);
  }
}
const path = found();
if (!path) {
  console.error('Chromium is still not found after installing; set CHROMIUM_PATH.');
  process.exit(1);
}
console.log(`Browser tests use ${path}`);
