// Software (spec 2.3, 2.6, 3 Software): the registry, on the module
// mechanism. Installed software, middleware and OS, scratch-built tools,
// products and SaaS, each one row; a SaaS row is linked to the marketplace
// app it came from (app_id, set by the install) and to its app integrations
// (server/modules/software). Enum labels: locales/<lang>/software.json.
import { defineModule } from './define.js';

import { CUSTOM_SAAS_TYPES, SOFTWARE_CATEGORIES, SOFTWARE_STATUSES, SOFTWARE_TYPES } from '../contracts/software-enums.js';

export * from '../contracts/software-enums.js';

const live = { field: 'status', notIn: ['DEACTIVATED'] } as const;

export const software = defineModule({
  id: 'software',
  area: 'IT',
  table: 'software',
  titleField: 'name',
  fields: {
    name: { kind: 'text', max: 200, required: true, search: true },
    softwareType: { kind: 'enum', values: SOFTWARE_TYPES, required: true },
    customSaasType: { kind: 'enum', values: CUSTOM_SAAS_TYPES },
    vendorName: { kind: 'text', max: 200, search: true },
    category: { kind: 'enum', values: SOFTWARE_CATEGORIES },
    status: { kind: 'enum', values: SOFTWARE_STATUSES },
    version: { kind: 'text', max: 100 },
    websiteUrl: { kind: 'text', max: 500 },
    description: { kind: 'text', max: 4000, multiline: true },
    // Architecture (PUT /v2/software/{softwareId}/architecture).
    deployment: { kind: 'enum', values: ['CLOUD', 'ON_PREMISE', 'HYBRID'] },
    authMethod: { kind: 'enum', values: ['SAML', 'OAUTH', 'SELF', 'OTHER'] },
    patchStatus: { kind: 'enum', values: ['PATCHED', 'SCHEDULED', 'NOT_PATCHED'] },
    compliance: { kind: 'enum', values: ['COMPLIANT', 'IN_PROGRESS', 'NON_COMPLIANT'] },
    // Environments and install methods: values not shown by the spec; free text.
    environment: { kind: 'text', max: 200 },
    installMethod: { kind: 'text', max: 200 },
    dataLocation: { kind: 'text', max: 200 },
  },
  paths: { list: '/software/registry', record: '/software/$id/detail', add: '/software/add' },
  api: { collection: '/v2/software', item: '/v2/software/{softwareId}', idParam: 'softwareId', count: '/v2/software-count' },
  list: {
    columns: ['name', 'softwareType', 'category', 'vendorName', 'status', 'createdAt'],
    sort: { NAME: 'name', SOFTWARE_TYPE: 'softwareType', CATEGORY: 'category', VENDOR: 'vendorName', STATUS: 'status', CREATED_AT: 'createdAt' },
    directionKey: 'sortOrder',
    maxPageSize: 1000,
    // Spec 3 "Registry status filter", default SAAS.
    categories: {
      key: 'status',
      values: {
        SAAS: [{ field: 'softwareType', in: ['SAAS', 'CUSTOM_SAAS'] }, live],
        INSTALLED: [{ field: 'softwareType', in: ['INSTALLED'] }, live],
        MW_OS: [{ field: 'softwareType', in: ['MW_OS'] }, live],
        SCRATCH: [{ field: 'softwareType', in: ['SCRATCH'] }, live],
        ALL: [],
        DEACTIVATED: [{ field: 'status', in: ['DEACTIVATED'] }],
      },
    },
    linkTabs: [
      { path: '/software/marketplace', label: 'routes:pages.marketplace' },
      { path: '/software/registry', label: 'routes:pages.registry' },
      // The integrations list lives at /app-integrations (/software/integrations redirects to the registry, spec 2.1).
      { path: '/app-integrations', label: 'routes:pages.integrations' },
      { path: '/software/people', label: 'routes:pages.people' },
      { path: '/software/alerts/shadow-it/apps', label: 'routes:pages.alerts' },
      { path: '/software/settings', label: 'routes:pages.settings' },
    ],
    placeholderTabs: ['contract-and-cost', 'operation-activity', 'rule-and-policy'],
  },
});
