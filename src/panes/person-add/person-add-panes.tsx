// Adding people (issue 7), one lazy chunk: the add page per worker type and
// its completed page, the CSV import, the external HR SaaS list and preview.
export { PersonAddCompletedPane } from './completed.js';
export { HrSaasListPane, HrSaasPreviewPane } from './hr-saas.js';
export { PersonAddPane } from './person-add.js';
export { PersonImportPane } from './person-import.js';
