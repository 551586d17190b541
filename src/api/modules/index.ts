// Every module built on the shared mechanism, one line each. The server's
// route table, the console's panes, search schemas and commands, and the
// contract test suite all loop over this list.
import type { ModuleDef } from './define.js';
import { equipment, equipmentItems, equipmentTypes } from './equipment.js';
import { PEOPLE_SETTINGS_MODULES } from './people-settings.js';
import { software } from './software.js';

export const MODULES: readonly ModuleDef[] = [equipment, equipmentTypes, equipmentItems, software, ...PEOPLE_SETTINGS_MODULES];

export const moduleById = (id: string) => MODULES.find((m) => m.id === id);
