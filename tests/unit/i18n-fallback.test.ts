// Spec 8: if the language set-up fails, the default language (ja-JP) is
// used. A language's messages come as a chunk (src/i18n.ts); here the
// English shell chunk cannot be loaded, as when the network drops at start.
// And the language on screen is kept in the browser (the screens before
// sign-in have no session to keep it): a kept language that is not ours
// also starts in the default.
import { afterEach, describe, expect, it, vi } from 'vitest';

const ENGLISH = '../../src/i18n/en-US.js';

/** src/i18n.ts loaded afresh; its English chunk loads or fails. */
async function freshI18n({ englishFails }: { englishFails: boolean }) {
  vi.resetModules();
  if (englishFails)
    vi.doMock(ENGLISH, () => {
      throw new Error('Failed to fetch dynamically imported module: en-US.js');
    });
  else vi.doUnmock(ENGLISH);
  return import('../../src/i18n.js');
}

/** The browser's localStorage, as far as i18n.ts uses it. */
function stubStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  });
  return items;
}

describe('language set-up', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.doUnmock(ENGLISH);
  });

  it('falls back to Japanese, words and language alike, when the asked language cannot be set up', async () => {
    const { setupI18n } = await freshI18n({ englishFails: true });
    const i18n = await setupI18n('en-US');
    expect(i18n.language).toBe('ja-JP');
    expect(i18n.t('auth:signOut')).toBe('サインアウト');
    expect(i18n.t('common:notFound.title')).toBe('ページが見つかりません');
  });

  it('falls back to Japanese when the kept language cannot be set up', async () => {
    stubStorage({ 'daicho.locale': 'en-US' });
    const { setupI18n } = await freshI18n({ englishFails: true });
    const i18n = await setupI18n();
    expect(i18n.language).toBe('ja-JP');
    expect(i18n.t('auth:signIn.title')).toBe('台帳にサインイン');
  });

  it('starts in the language kept in the browser, and keeps each switch', async () => {
    const items = stubStorage({ 'daicho.locale': 'en-US' });
    const { setupI18n } = await freshI18n({ englishFails: false });
    const i18n = await setupI18n();
    expect(i18n.language).toBe('en-US');
    expect(i18n.t('auth:signOut')).toBe('Sign out');
    await i18n.changeLanguage('ja-JP');
    expect(items.get('daicho.locale')).toBe('ja-JP');
    expect(i18n.t('auth:signOut')).toBe('サインアウト');
  });

  it('starts in Japanese when nothing, or no language of ours, is kept, or storage is refused', async () => {
    const { setupI18n } = await freshI18n({ englishFails: false });
    stubStorage();
    expect((await setupI18n()).language).toBe('ja-JP');
    stubStorage({ 'daicho.locale': 'fr-FR' });
    expect((await setupI18n()).language).toBe('ja-JP');
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    });
    const i18n = await setupI18n();
    expect(i18n.language).toBe('ja-JP');
    // A switch still happens when it cannot be kept.
    await i18n.changeLanguage('en-US');
    expect(i18n.t('auth:signOut')).toBe('Sign out');
  });
});
