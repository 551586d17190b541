// Every en-US locale file, in one chunk loaded when the language is first used.
export default import.meta.glob('../../locales/en-US/*.json', { eager: true, import: 'default' }) as Record<string, Record<string, unknown>>;
