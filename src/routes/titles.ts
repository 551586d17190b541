import type { TFunction } from 'i18next';
import type { PageDef } from './catalogue.js';

/** 'Software › Registry' in the current language. */
export function pageTitle(t: TFunction, page: Pick<PageDef, 'section' | 'page'>): string {
  const section = t(`routes:sections.${page.section}`);
  return page.page ? `${section} › ${t(`routes:pages.${page.page}`)}` : section;
}
