// Every command of the console, in one list: the registry that the palette,
// the key bindings, the shortcut sheet and the registry tests all read.
// A feature with its own actions (beyond what a module definition derives)
// keeps them in src/commands/<feature>.commands.ts and adds one line here.
import { appAlertsCommands } from './app-alerts.commands.js';
import { globalCommands } from './global.commands.js';
import { integrationCommands } from './integration.commands.js';
import { integrationCsvCommands } from './integration-csv.commands.js';
import { marketplaceCommands } from './marketplace.commands.js';
import { moduleCommands } from './module.commands.js';
import { organizationCommands } from './organization.commands.js';
import { personCommands } from './person.commands.js';
import { personAddCommands } from './person-add.commands.js';
import { peopleCommands } from './people.commands.js';
import type { Command } from './registry.js';

export const allCommands = (): Command[] => [
  ...globalCommands(),
  ...moduleCommands(),
  ...integrationCommands(),
  ...integrationCsvCommands(),
  ...marketplaceCommands(),
  ...appAlertsCommands(),
  ...peopleCommands(),
  ...organizationCommands(),
  ...personCommands(),
  ...personAddCommands(),
];
