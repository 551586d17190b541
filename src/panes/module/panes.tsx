// The module panes by console path, derived from MODULES: the page registry
// (../registry.tsx) spreads these in. One lazy chunk holds them all.
import { type ComponentType, lazy } from 'react';
import type { ModuleDef } from '../../api/modules/define.js';
import { MODULES } from '../../api/modules/index.js';

const chunk = () => import('./module-panes.js');

const pane = (m: ModuleDef, name: 'ModuleListPane' | 'ModuleRecordPane' | 'ModuleAddPane' | 'ModuleAddSelectPane' | 'ImportCsvPane'): ComponentType =>
  lazy(() =>
    chunk().then((x) => {
      const P = x[name];
      return { default: () => <P m={m} /> };
    }),
  );

export function modulePanes(): Record<string, ComponentType> {
  const out: Record<string, ComponentType> = {};
  for (const m of MODULES) {
    out[m.paths.list] = pane(m, 'ModuleListPane');
    if (m.paths.record) out[m.paths.record] = pane(m, 'ModuleRecordPane');
    if (m.paths.add) out[m.paths.add] = pane(m, 'ModuleAddPane');
    if (m.paths.addSelect) out[m.paths.addSelect] = pane(m, 'ModuleAddSelectPane');
    if (m.paths.importCsv) out[m.paths.importCsv] = pane(m, 'ImportCsvPane');
  }
  return out;
}
