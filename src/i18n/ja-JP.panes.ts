// Every other ja-JP locale file (the modules' panes), in one chunk loaded with
// the first pane (src/i18n.ts, paneMessages).
export default import.meta.glob(['../../locales/ja-JP/*.json', '!../../locales/ja-JP/{common,routes,commands,errors,auth}.json'], { eager: true, import: 'default' }) as Record<string, Record<string, unknown>>;
