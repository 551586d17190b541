// The CSV connector of an app integration (spec 2.3 "Import:
// /app-integrations/import-csv/{id}", 2.5, 4; issue 6: the second connector
// after SCIM). The spec shows the page, not its calls: both are beyond the
// spec and follow the module CSV calls' shapes (7 Equipment: GET and POST
// /v2/equipment-csv).
//
// The file is the tenant's full account list: each row creates or updates
// the account with its account id (the tenant's external id); the accounts
// the file does not list are deleted (summary.delete, shown by the dry run
// before anything changes). All or nothing.
import { z } from 'zod';
import { CSV_ENCODINGS, CsvExportLink, CsvImportResult, csvImportBody } from './csv-import.js';
import { access, defineContract } from './define.js';

/** The columns, in file order; headers may be these names or their Japanese or English labels. */
export const APP_USERS_CSV_COLUMNS = [
  'externalId',
  'userName',
  'email',
  'displayName',
  'roleName',
  'statusName',
  'active',
  'lastSignedInAt',
  'createdAt',
  'employeeNumber',
  'groups',
  'mfa',
] as const;
export type AppUsersCsvColumn = (typeof APP_USERS_CSV_COLUMNS)[number];

/** Separator of the groups cell ("Engineering;Owners"). */
export const GROUPS_SEPARATOR = ';';

const Params = z.object({ id: z.uuid() });

/** Beyond the spec: check (dryrun) or import an uploaded accounts file. */
export const importAppUsersCsv = defineContract({
  id: 'appIntegrations.usersCsv.import',
  method: 'post',
  path: '/v2/app-integrations/{id}/users-csv',
  access: access.area('IT'),
  summary: 'Check (dryrun) or import the accounts of a CSV-connector integration: creates, updates, and deletes the accounts the file no longer lists',
  params: Params,
  body: csvImportBody,
  response: CsvImportResult.extend({
    summary: z.object({ create: z.number(), update: z.number(), unchanged: z.number(), delete: z.number() }),
  }),
});

/** Beyond the spec: the accounts file to download, empty (edit-template) or with the current accounts (edit). */
export const exportAppUsersCsv = defineContract({
  id: 'appIntegrations.usersCsv.export',
  method: 'get',
  path: '/v2/app-integrations/{id}/users-csv',
  access: access.area('IT'),
  summary: 'A download URL for the integration’s accounts as CSV (the template, or the current accounts)',
  params: Params,
  query: z.object({
    mode: z.enum(['edit-template', 'edit']).default('edit-template'),
    encoding: z.enum(CSV_ENCODINGS).default('UTF-8'),
  }),
  response: CsvExportLink,
});
