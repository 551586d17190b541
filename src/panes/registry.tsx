// Built panes by page path. A page of the catalogue without an entry here
// shows the plain "module not available yet" pane. Panes load lazily, so each
// module is its own chunk.
import { type ComponentType, lazy } from 'react';
import { modulePanes } from './module/panes.js';

const permissionLists = () => import('./settings/permission-lists.js');

export const PANES: Readonly<Record<string, ComponentType>> = {
  ...modulePanes(),
  '/settings/permission-and-roles/roles': lazy(() => permissionLists().then((m) => ({ default: m.RolesPane }))),
  '/settings/permission-and-roles/product-permissions': lazy(() => permissionLists().then((m) => ({ default: m.ProductPermissionsPane }))),
  '/settings/permission-and-roles/people-groups': lazy(() => permissionLists().then((m) => ({ default: m.PeopleGroupsPane }))),
  '/settings/mfa': lazy(() => import('./settings/mfa-pane.js').then((m) => ({ default: m.MfaPane }))),
  '/individual': lazy(() => import('./individual-home.js').then((m) => ({ default: m.IndividualHomePane }))),
};
