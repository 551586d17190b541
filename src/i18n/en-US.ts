// The en-US messages the console's shell needs before its first paint (the
// sign-in screens, the workspace frame, the commands and the errors): one
// chunk, loaded when the language is first used. The panes' messages are
// in ./en-US.panes.ts, loaded before the first pane renders (src/i18n.ts).
export default import.meta.glob('../../locales/en-US/{common,routes,commands,errors,auth}.json', { eager: true, import: 'default' }) as Record<string, Record<string, unknown>>;
