// The console's messages come in two chunks per language (src/i18n.ts): the
// shell's namespaces, which the start awaits, and the panes', loaded with the
// first pane. Every locale file is in exactly one of them, and a pane's words
// are there once paneMessages has run, in either language.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import enPanes from '../../src/i18n/en-US.panes.js';
import enShell from '../../src/i18n/en-US.js';
import jaPanes from '../../src/i18n/ja-JP.panes.js';
import jaShell from '../../src/i18n/ja-JP.js';
import { NAMESPACES, paneMessages, setupI18n } from '../../src/i18n.js';

const names = (b: Record<string, unknown>) => Object.keys(b).map((f) => f.replace(/^.*\/([^/]+)\.json$/, '$1')).sort();

describe('message chunks', () => {
  it('split every locale file between the shell and the panes, the shell holding exactly its namespaces', () => {
    for (const [lang, shell, panes] of [['ja-JP', jaShell, jaPanes], ['en-US', enShell, enPanes]] as const) {
      const files = fs.readdirSync(`locales/${lang}`).map((f) => f.replace(/\.json$/, '')).sort();
      expect(names(shell), lang).toEqual([...NAMESPACES].sort());
      expect(names(panes).filter((n) => names(shell).includes(n)), lang).toEqual([]);
      expect([...names(shell), ...names(panes)].sort(), lang).toEqual(files);
    }
  });

  it('start with the shell’s words only; the panes’ arrive with paneMessages and follow a language switch', async () => {
    const i18n = await setupI18n('en-US');
    expect(i18n.t('routes:pages.detail')).toBe('Detail');
    expect(i18n.t('auth:signOut')).toBe('Sign out');
    expect(i18n.exists('people:menuLabel')).toBe(false);
    await paneMessages(i18n);
    expect(i18n.t('people:menuLabel')).toBe('Menu');
    await i18n.changeLanguage('ja-JP');
    expect(i18n.t('people:menuLabel')).toBe('メニュー');
    expect(i18n.t('common:workerTypes.EMPLOYEE')).toBe('従業員');
  });
});
