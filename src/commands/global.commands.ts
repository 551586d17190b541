// Commands available everywhere: open the palette, switch language, and one
// "go to" command per page of the catalogue, with `g` jumps to the modules.
import type { Area } from '../api/contracts/define.js';
import { STATIC_PAGES, type Section } from '../routes/catalogue.js';
import { gridCommands } from './grid.commands.js';
import { type Command, defineCommand } from './registry.js';

/** `g <key>` jumps (spec of Foundation II: g p people, g d devices...). */
export const JUMPS: Readonly<Record<string, string>> = {
  '/people/workforce': 'g p',
  '/devices/people': 'g d',
  '/equipment': 'g e',
  '/software/registry': 'g s',
  '/networks': 'g n',
  '/licenses/inventory': 'g l',
  '/organization/chart': 'g o',
  '/contract': 'g c',
  '/fleets': 'g f',
  '/places': 'g b',
  '/id-managements': 'g i',
  '/public-ids/registry': 'g u',
  '/time-and-attendance/summary/daily-place': 'g t',
  '/marketplace/store/devices': 'g m',
  '/individual': 'g h',
  '/settings/persons/staff': 'g a',
  '/it-operation-core/packages': 'g w',
  '/starlinks': 'g k',
};

/** The area a section's pages belong to: its commands show only to those who may open it. */
const SECTION_AREA: Partial<Record<Section, Area>> = {
  people: 'HR',
  person: 'HR',
  alumni: 'HR',
  organization: 'HR',
  devices: 'IT',
  software: 'IT',
  apps: 'IT',
  appIntegrations: 'IT',
  licenses: 'IT',
  networks: 'IT',
  idManagements: 'IT',
  itOperationCore: 'IT',
  equipment: 'GA',
  places: 'GA',
  fleets: 'GA',
  starlinks: 'GA',
  contracts: 'GA',
  gaOperationCore: 'GA',
  publicIds: 'HR',
  laborCore: 'LI',
  timeAndAttendance: 'LI',
  contractorCore: 'LI',
  marketplace: 'MARKETPLACE',
  settings: 'SETTINGS',
};

export function routeCommands(): Command[] {
  return STATIC_PAGES.map((page) => {
    const area = SECTION_AREA[page.section];
    return defineCommand({
      id: `route:${page.path}`,
      title: page.page ? [`routes:sections.${page.section}`, `routes:pages.${page.page}`] : [`routes:sections.${page.section}`],
      section: 'navigation',
      keywords: [page.path],
      ...(JUMPS[page.path] ? { keys: JUMPS[page.path] } : {}),
      // The spec's NewFeature flag (from the session, on by default) gates route search.
      when: (ctx) => ctx.flag('NewFeature') && (!area || ctx.can(area)),
      run: (ctx) => ctx.navigate(page.path),
    });
  });
}

export const paletteCommand = defineCommand({
  id: 'palette.toggle',
  title: ['commands:palette.toggle'],
  section: 'actions',
  keys: '$mod+KeyK',
  run: (ctx) => ctx.togglePalette(),
});

export const localeCommand = defineCommand({
  id: 'locale.toggle',
  title: ['commands:locale.toggle'],
  section: 'preferences',
  keywords: ['language', 'locale', '言語', '日本語', 'English'],
  keys: 'Control+Meta+KeyL',
  run: (ctx) => ctx.toggleLocale(),
});

export const shortcutsCommand = defineCommand({
  id: 'shortcuts.show',
  title: ['commands:shortcuts.show'],
  section: 'actions',
  keywords: ['keyboard', 'help', 'キーボード', 'ヘルプ'],
  keys: 'Shift+?',
  run: (ctx) => ctx.showShortcuts(),
});

export const paneCommands: Command[] = [
  defineCommand({ id: 'pane.focusNext', title: ['commands:pane.focusNext'], section: 'actions', keys: 'F6', run: (ctx) => ctx.focusOtherPane() }),
  defineCommand({ id: 'pane.closeSide', title: ['commands:pane.closeSide'], section: 'actions', keys: 'Alt+Shift+KeyW', run: (ctx) => ctx.closeSide() }),
];

export const themeCommand = defineCommand({
  id: 'theme.toggle',
  title: ['commands:theme.toggle'],
  section: 'preferences',
  keywords: ['theme', 'dark', 'light', 'テーマ', 'ダーク', 'ライト'],
  keys: 'Alt+Shift+KeyT',
  run: (ctx) => ctx.toggleTheme(),
});

export const scannerCommand = defineCommand({
  id: 'scanner.open',
  title: ['commands:scanner.open'],
  section: 'actions',
  keywords: ['QR', 'barcode', 'scan', 'camera', 'バーコード', 'スキャン', 'カメラ', '読み取り'],
  keys: 'Alt+Shift+KeyS',
  run: (ctx) => ctx.openScanner(),
});

export const signOutCommand = defineCommand({
  id: 'session.signOut',
  title: ['commands:session.signOut'],
  section: 'preferences',
  keywords: ['sign out', 'log out', 'logout', 'サインアウト', 'ログアウト'],
  run: (ctx) => ctx.signOut(),
});

export function globalCommands(): Command[] {
  return [paletteCommand, shortcutsCommand, localeCommand, themeCommand, scannerCommand, signOutCommand, ...paneCommands, ...gridCommands, ...routeCommands()];
}
