// A module's words on the server (CSV headers and enum labels), from the same
// locale files the console uses: locales/<lang>/<module id>.json (or the
// shared namespace the module names in `labels`).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES, type Locale } from '../../../src/api/contracts/common.js';
import { labelNamespace, type ModuleDef } from '../../../src/api/modules/define.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../locales');

interface ModuleWords {
  fields?: Record<string, string>;
  enums?: Record<string, Record<string, string>>;
}

const cache = new Map<string, ModuleWords>();
function words(ns: string, locale: Locale): ModuleWords {
  const k = `${locale}/${ns}`;
  let w = cache.get(k);
  if (!w) {
    const file = path.join(root, locale, `${ns}.json`);
    w = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as ModuleWords) : {};
    cache.set(k, w);
  }
  return w;
}

export const fieldLabel = (m: ModuleDef, locale: Locale, field: string) => words(labelNamespace(m), locale).fields?.[field] ?? field;
export const enumLabel = (m: ModuleDef, locale: Locale, field: string, value: string) => words(labelNamespace(m), locale).enums?.[field]?.[value] ?? value;

/** Every label of a field in every language (what an import header may say). */
export const fieldLabels = (m: ModuleDef, field: string) => LOCALES.map((l) => fieldLabel(m, l, field));
/** Every label of an enum value in every language, and the value itself. */
export const enumLabels = (m: ModuleDef, field: string, value: string) => [value, ...LOCALES.map((l) => enumLabel(m, l, field, value))];
