// The command registry's rules: no two commands share a key in one scope,
// every command has a title in both languages, every page can be reached
// from the palette.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../../src/api/modules/index.js';
import { globalCommands, JUMPS } from '../../src/commands/global.commands.js';
import { allCommands } from '../../src/commands/all.js';
import { type CommandContext, keyConflicts, keysOf, lazyActions, runCommand } from '../../src/commands/registry.js';
import { STATIC_PAGES } from '../../src/routes/catalogue.js';
import { featureFlag } from '../../src/api/contracts/session.js';

// Every namespace of both languages, as the console loads them.
const resources: Record<string, Record<string, unknown>> = {};
for (const lang of ['en-US', 'ja-JP']) {
  const dir = path.join(import.meta.dirname, '../../locales', lang);
  resources[lang] = Object.fromEntries(fs.readdirSync(dir).map((f) => [f.replace(/\.json$/, ''), JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'))]));
}
const lookup = (lang: string, key: string) => {
  const [ns = '', path = ''] = key.split(':');
  return path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], resources[lang]?.[ns]);
};

describe('command registry', () => {
  const commands = allCommands();

  it('gives every module its commands, and none of their keys is shadowed by a grid key', () => {
    const gridKeys = new Set(commands.filter((c) => c.scope === 'pane:grid').flatMap((c) => keysOf(c).map((k) => k.toLowerCase())));
    for (const m of MODULES) {
      const mine = commands.filter((c) => c.scope === `pane:${m.id}`);
      expect(mine.map((c) => c.id), m.id).toContain(`${m.id}.add`);
      for (const c of mine) for (const k of keysOf(c)) expect(gridKeys.has(k.toLowerCase()), `${c.id} ${k}`).toBe(false);
    }
  });

  it('has no two commands on one key in one scope', () => {
    expect(keyConflicts(commands)).toEqual([]);
    expect(keyConflicts([...commands, { ...commands[0]!, id: 'dup' }])).toEqual([[commands[0]!.id, 'dup', commands[0]!.keys]]);
  });

  it('has unique ids and a title in ja-JP and en-US for every command', () => {
    expect(new Set(commands.map((c) => c.id)).size).toBe(commands.length);
    for (const c of commands) {
      for (const key of c.title) {
        for (const lang of ['ja-JP', 'en-US']) expect(typeof lookup(lang, key), `${lang} ${key} (${c.id})`).toBe('string');
      }
    }
  });

  it('offers every page without ids as a "go to" command, and g jumps to the modules', () => {
    const ids = new Set(commands.map((c) => c.id));
    for (const p of STATIC_PAGES) expect(ids.has(`route:${p.path}`), p.path).toBe(true);
    for (const [path, keys] of Object.entries(JUMPS)) {
      expect(commands.find((c) => c.id === `route:${path}`)?.keys, path).toBe(keys);
      expect(keys).toMatch(/^g [a-z]$/);
    }
    expect(JUMPS['/people/workforce']).toBe('g p');
    expect(JUMPS['/devices/people']).toBe('g d');
  });

  it('binds Ctrl/Cmd+K to the palette and Ctrl+Cmd+L to the language', () => {
    expect(commands.find((c) => c.id === 'palette.toggle')?.keys).toBe('$mod+KeyK');
    expect(commands.find((c) => c.id === 'locale.toggle')?.keys).toBe('Control+Meta+KeyL');
  });
});

describe('page size', () => {
  it('is a global command (so the palette offers it) on Shift+R, only while a list is on screen', () => {
    const c = globalCommands().find((x) => x.id === 'grid.pageSize')!;
    expect(c.scope ?? 'global').toBe('global');
    expect(c.keys).toBe('Shift+KeyR');
    expect(c.title).toEqual(['commands:grid.pageSize']);
    expect(typeof c.when).toBe('function');
  });
});

describe('NewFeature', () => {
  it('gates the route commands, which also need their area', () => {
    const route = globalCommands().find((c) => c.id === 'route:/equipment')!;
    const ctx = (flags: Record<string, boolean>, areas: string[]) =>
      ({ flag: (n: string) => flags[n] ?? false, can: (a: string) => areas.includes(a) }) as never;
    expect(route.when!(ctx({ NewFeature: true }, ['GA']))).toBe(true);
    expect(route.when!(ctx({ NewFeature: false }, ['GA']))).toBe(false);
    expect(route.when!(ctx({ NewFeature: true }, ['IT']))).toBe(false);
  });

  it('is on by default: while the session loads, if it cannot be read, or if it names no flags', () => {
    const route = globalCommands().find((c) => c.id === 'route:/equipment')!;
    // The console's flag reading (workspace.tsx): the session's value, else the default.
    const ctx = (flags: Record<string, boolean> | null | undefined) => ({ flag: (n: string) => featureFlag(flags, n), can: () => true }) as never;
    for (const flags of [null, undefined, {}]) expect(route.when!(ctx(flags)), JSON.stringify(flags)).toBe(true);
    // An organisation that turned it off keeps it off; a flag nobody defined is off.
    expect(route.when!(ctx({ NewFeature: false }))).toBe(false);
    expect(featureFlag(null, 'NoSuchFlag')).toBe(false);
  });
});

describe('command bodies loaded on first run (lazyActions)', () => {
  it('loads a body only when its command runs, and passes it the declared arguments', async () => {
    const calls: unknown[][] = [];
    let loads = 0;
    const run = lazyActions(async () => {
      loads++;
      return { greet: (_ctx: CommandContext, who: string, times: number) => void calls.push([who, times]) };
    });
    const body = run('greet', 'ops', 2);
    expect(loads).toBe(0);
    await body({} as CommandContext);
    expect(loads).toBe(1);
    expect(calls).toEqual([['ops', 2]]);
  });

  it('reports a body that failed to load like any failed command', async () => {
    const run = lazyActions(async (): Promise<{ x: (ctx: CommandContext) => void }> => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const reported: unknown[] = [];
    await runCommand({ id: 't', title: [], section: 'actions', run: run('x') }, { reportError: (e: unknown) => reported.push(e) } as never);
    expect(reported).toHaveLength(1);
    expect(String(reported[0])).toContain('dynamically imported');
  });

  it("runs a module's export through its loaded body: the CSV call with the list's filters, then the download", async () => {
    const exp = allCommands().find((c) => c.id === 'equipment.export')!;
    const requests: Array<{ id: string; query: Record<string, unknown> }> = [];
    const downloads: string[] = [];
    const ctx = {
      path: () => '/equipment',
      search: () => ({ pageIndex: 3, pageSize: 100, freeText: 'GA-0001' }),
      api: async (contract: { id: string }, input: { query: Record<string, unknown> }) => {
        requests.push({ id: contract.id, query: input.query });
        return { url: '/files/x.csv', filename: 'equipment-export.csv' };
      },
      download: (_url: string, filename: string) => downloads.push(filename),
      dialogs: { toast: () => {} },
      t: (k: string) => k,
    };
    await exp.run(ctx as never);
    expect(requests).toEqual([{ id: 'equipment.csvExport', query: { freeText: 'GA-0001', mode: 'view', encoding: 'UTF-8' } }]);
    expect(downloads).toEqual(['equipment-export.csv']);
  });

  it('reaches every export the API offers from a command: view and edit in UTF-8 and Shift_JIS, and the template', async () => {
    const offered: string[] = [];
    const ctx = {
      path: () => '/equipment',
      search: () => ({}),
      api: async (_contract: unknown, input: { query: { mode: string; encoding: string } }) => {
        offered.push(`${input.query.mode} ${input.query.encoding}`);
        return { url: '/files/x.csv', filename: 'x.csv' };
      },
      download: () => {},
      dialogs: { toast: () => {} },
      t: (k: string) => k,
    };
    const exports = allCommands().filter((c) => /^equipment\.export/.test(c.id));
    for (const c of exports) await c.run(ctx as never);
    expect(Object.fromEntries(exports.map((c, i) => [c.id, offered[i]]))).toEqual({
      'equipment.export': 'view UTF-8',
      'equipment.exportViewSjis': 'view Shift_JIS',
      'equipment.exportEdit': 'edit UTF-8',
      'equipment.exportSjis': 'edit Shift_JIS',
      'equipment.exportTemplate': 'edit-template UTF-8',
    });
    // In the palette under their titles in both languages.
    expect(lookup('ja-JP', 'commands:module.exportViewSjis')).toBe('CSV をエクスポート（Shift_JIS）');
    expect(lookup('en-US', 'commands:module.exportViewSjis')).toBe('Export CSV (Shift_JIS)');
  });
});
