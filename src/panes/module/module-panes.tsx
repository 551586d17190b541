// The lazily loaded chunk of every module pane.
export { ModuleListPane } from './module-list.js';
export { ModuleAddPane, ModuleAddSelectPane, ModuleRecordPane } from './record-pane.js';
export { ImportCsvPane } from './import-csv.js';
