// Server-side messages in the caller's language, from the same locale files
// as the console (locales/{ja-JP,en-US}/*.json, i18next's {{var}} syntax).
import type { z } from 'zod';
import enErrors from '../../locales/en-US/errors.json' with { type: 'json' };
import enMail from '../../locales/en-US/mail.json' with { type: 'json' };
import jaErrors from '../../locales/ja-JP/errors.json' with { type: 'json' };
import jaMail from '../../locales/ja-JP/mail.json' with { type: 'json' };
import enSoftware from '../../locales/en-US/software.json' with { type: 'json' };
import jaSoftware from '../../locales/ja-JP/software.json' with { type: 'json' };
import enAppOverview from '../../locales/en-US/appOverview.json' with { type: 'json' };
import jaAppOverview from '../../locales/ja-JP/appOverview.json' with { type: 'json' };
import enAppAlerts from '../../locales/en-US/appAlerts.json' with { type: 'json' };
import jaAppAlerts from '../../locales/ja-JP/appAlerts.json' with { type: 'json' };
import enAppUsersCsv from '../../locales/en-US/appUsersCsv.json' with { type: 'json' };
import jaAppUsersCsv from '../../locales/ja-JP/appUsersCsv.json' with { type: 'json' };
import enOrganization from '../../locales/en-US/organization.json' with { type: 'json' };
import jaOrganization from '../../locales/ja-JP/organization.json' with { type: 'json' };
import enPerson from '../../locales/en-US/person.json' with { type: 'json' };
import jaPerson from '../../locales/ja-JP/person.json' with { type: 'json' };
import enPeople from '../../locales/en-US/people.json' with { type: 'json' };
import jaPeople from '../../locales/ja-JP/people.json' with { type: 'json' };
import enPersonAdd from '../../locales/en-US/personAdd.json' with { type: 'json' };
import jaPersonAdd from '../../locales/ja-JP/personAdd.json' with { type: 'json' };
import enHrSync from '../../locales/en-US/hrSync.json' with { type: 'json' };
import jaHrSync from '../../locales/ja-JP/hrSync.json' with { type: 'json' };
import enCommon from '../../locales/en-US/common.json' with { type: 'json' };
import jaCommon from '../../locales/ja-JP/common.json' with { type: 'json' };
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../src/api/contracts/common.js';

const resources: Record<Locale, Record<string, unknown>> = {
  'en-US': { common: enCommon, personAdd: enPersonAdd, hrSync: enHrSync, people: enPeople, appAlerts: enAppAlerts, appUsersCsv: enAppUsersCsv, errors: enErrors, mail: enMail, software: enSoftware, appOverview: enAppOverview, organization: enOrganization, person: enPerson },
  'ja-JP': { common: jaCommon, personAdd: jaPersonAdd, hrSync: jaHrSync, people: jaPeople, appAlerts: jaAppAlerts, appUsersCsv: jaAppUsersCsv, errors: jaErrors, mail: jaMail, software: jaSoftware, appOverview: jaAppOverview, organization: jaOrganization, person: jaPerson },
};

function lookup(tree: unknown, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** t('ja-JP', 'errors:NOT_FOUND'), with {{name}} interpolation. */
export function t(locale: Locale, key: string, vars: Record<string, string | number> = {}): string {
  const [ns, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['errors', key];
  const text = lookup(resources[locale][ns], path) ?? lookup(resources['en-US'][ns], path) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

export function hasKey(locale: Locale, key: string): boolean {
  const [ns, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['errors', key];
  return lookup(resources[locale][ns], path) !== undefined;
}

/** ja-JP unless the client prefers English (Accept-Language q-order). */
export function localeFromAcceptLanguage(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((x) => x.tag && !Number.isNaN(x.q))
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag.startsWith('ja')) return 'ja-JP';
    if (tag.startsWith('en')) return 'en-US';
  }
  return DEFAULT_LOCALE;
}

export function isLocale(v: unknown): v is Locale {
  return (LOCALES as readonly unknown[]).includes(v);
}

/** One zod issue as a sentence in the caller's language. */
export function issueMessage(locale: Locale, issue: z.core.$ZodIssue): string {
  if (issue.message && hasKey(locale, issue.message)) return t(locale, issue.message);
  const i = issue as z.core.$ZodIssue & Record<string, unknown>;
  switch (issue.code) {
    case 'invalid_type':
      if (i.input === undefined && String(issue.message).includes('received undefined')) return t(locale, 'validation.required');
      if (i.expected === 'int') return t(locale, 'validation.notInteger');
      return t(locale, 'validation.invalidType', { expected: String(i.expected) });
    case 'too_small': {
      const origin = i.origin === 'string' ? 'String' : i.origin === 'array' || i.origin === 'set' ? 'Array' : 'Number';
      if (origin === 'String' && Number(i.minimum) === 1) return t(locale, 'validation.required');
      return t(locale, `validation.tooSmall${origin}`, { minimum: String(i.minimum) });
    }
    case 'too_big': {
      const origin = i.origin === 'string' ? 'String' : i.origin === 'array' || i.origin === 'set' ? 'Array' : 'Number';
      return t(locale, `validation.tooBig${origin}`, { maximum: String(i.maximum) });
    }
    case 'invalid_value':
      return t(locale, 'validation.invalidValue', { values: (i.values as unknown[]).map(String).join(', ') });
    case 'invalid_format':
      return i.format === 'email' ? t(locale, 'validation.email') : t(locale, 'validation.invalidFormat', { format: String(i.format) });
    case 'unrecognized_keys':
      return t(locale, 'validation.unrecognizedKeys', { keys: (i.keys as string[]).join(', ') });
    default:
      return t(locale, 'validation.invalid');
  }
}
