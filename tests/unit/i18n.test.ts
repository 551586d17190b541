import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, t } from '../../server/http/i18n.js';

describe('server messages', () => {
  it('pick the language from Accept-Language, defaulting to Japanese', () => {
    expect(localeFromAcceptLanguage(undefined)).toBe('ja-JP');
    expect(localeFromAcceptLanguage('en-US,en;q=0.9')).toBe('en-US');
    expect(localeFromAcceptLanguage('fr-FR, en;q=0.5, ja;q=0.8')).toBe('ja-JP');
    expect(localeFromAcceptLanguage('de-DE')).toBe('ja-JP');
  });

  it('interpolate variables in either language', () => {
    expect(t('en-US', 'ROUTE_NOT_FOUND', { method: 'GET', path: '/v2/x' })).toBe('No API endpoint at GET /v2/x.');
    expect(t('ja-JP', 'validation.tooBigString', { maximum: 100 })).toBe('100文字以内で入力してください。');
  });
});
