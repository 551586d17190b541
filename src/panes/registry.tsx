// Built panes by page path. A page of the catalogue without an entry here
// shows the plain "module not available yet" pane. Panes load lazily, so each
// module is its own chunk.
import { type ComponentType, lazy } from 'react';

export const PANES: Readonly<Record<string, ComponentType>> = {
  '/settings/mfa': lazy(() => import('./settings/mfa-pane.js').then((m) => ({ default: m.MfaPane }))),
};
