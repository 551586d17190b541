// Runs once before the API suite: builds the migrated PGlite template.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEMPLATE_ENV, buildPgliteTemplate } from './support/db.js';

export default async function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'daicho-test-'));
  if (!process.env.DATABASE_URL) {
    const file = path.join(dir, 'template.tar.gz');
    await buildPgliteTemplate(file);
    process.env[TEMPLATE_ENV] = file;
  }
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
