// The contracts of a module, derived from its definition: the same zod
// shapes for the console and the server. Paths are the spec's (7 Calls made);
// calls the spec does not show (create, history, bulk, the settings lists)
// follow the same naming.
import { z } from 'zod';
import { requiredText, zCalendarDate } from '../contracts/common.js';
import { CSV_ENCODINGS, CSV_MODES, CsvExportLink, CsvImportResult, csvImportBody } from '../contracts/csv-import.js';
import { access, defineContract } from '../contracts/define.js';
import { type FieldDef, type ModuleDef, optionalCalls, REF_TARGETS } from './define.js';

export { DATE, isCalendarDate } from '../contracts/common.js';
const zDateText = zCalendarDate;

/** One field's value on input: what create, update, bulk and CSV import accept. */
export function fieldInput(f: FieldDef): z.ZodType {
  switch (f.kind) {
    case 'text':
      return f.required ? requiredText(f.max) : z.string().max(f.max);
    case 'enum':
      return z.enum(f.values);
    case 'date':
      return zDateText;
    case 'integer':
      return z
        .number()
        .int()
        .min(f.min ?? -2147483648)
        .max(f.max ?? 2147483647);
    case 'ref':
      return z.uuid({ message: 'validation.reference' });
  }
}

const Named = z.object({ id: z.uuid(), name: z.string() }).nullable();
const Person = z.object({ personId: z.uuid(), workerId: z.uuid(), name: z.string(), avatarUrl: z.string().nullable() }).nullable();
const Place = z.object({ placeId: z.uuid(), placeLabel: z.string() }).nullable();
const REF_SCHEMAS = { named: Named, person: Person, place: Place } as const;

function fieldOutput(f: FieldDef): z.ZodType {
  switch (f.kind) {
    case 'text':
    case 'date':
      return z.string().nullable();
    case 'enum':
      return z.enum(f.values).nullable();
    case 'integer':
      return z.number().nullable();
    case 'ref':
      return z.uuid().nullable();
  }
}

export type ModuleRow = { id: string; createdAt: string; updatedAt: string; disabled?: boolean } & Record<string, unknown>;

/** A row as the list and the record view get it: every field, each reference
 * also as its joined object under `as`, and the row's times. */
export function rowSchema(m: ModuleDef) {
  const shape: Record<string, z.ZodType> = { id: z.uuid(), createdAt: z.string(), updatedAt: z.string() };
  if (m.disableable) shape.disabled = z.boolean();
  for (const [name, f] of Object.entries(m.fields)) {
    shape[name] = fieldOutput(f);
    if (f.kind === 'ref') shape[f.as] = REF_SCHEMAS[REF_TARGETS[f.to].shape];
    if (f.kind === 'ref' && f.labelAs) shape[f.labelAs] = z.string().nullable();
  }
  return z.object(shape) as unknown as z.ZodType<ModuleRow>;
}

const writable = (m: ModuleDef) => Object.entries(m.fields).filter(([, f]) => !f.readOnly);

export function createBody(m: ModuleDef) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, f] of writable(m)) shape[name] = f.required ? fieldInput(f) : fieldInput(f).nullish();
  return z.strictObject(shape) as unknown as z.ZodType<Record<string, unknown>>;
}

export function updateBody(m: ModuleDef) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, f] of writable(m)) shape[name] = f.required ? fieldInput(f).optional() : fieldInput(f).nullish();
  return z.strictObject(shape) as unknown as z.ZodType<Record<string, unknown>>;
}

/** Query values arrive as a string for one value and an array for several. */
const idList = z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.uuid()).max(200));

/** The filters of a list (no paging): freeText, category, id-in filters. */
export function filterQuery(m: ModuleDef, withCategory = true) {
  const shape: Record<string, z.ZodType> = { freeText: z.string().max(200).optional() };
  const cat = m.list.categories;
  if (cat && withCategory) {
    const values = Object.keys(cat.values) as [string, ...string[]];
    shape[cat.key] = z.enum(values).default(values[0]);
  }
  for (const key of Object.keys(m.list.idFilters ?? {})) shape[key] = idList;
  if (m.disableable) shape.includeDisabled = z.enum(['true', 'false']).optional();
  return z.object(shape);
}

export function listQuery(m: ModuleDef) {
  const sorts = Object.keys(m.list.sort) as [string, ...string[]];
  return filterQuery(m).extend({
    pageIndex: z.coerce.number().int().min(0).default(0),
    pageSize: z.coerce.number().int().min(1).max(m.list.maxPageSize).default(m.list.pageSize ?? 100),
    sortColumn: m.list.defaultSort ? z.enum(sorts).default(m.list.defaultSort) : z.enum(sorts).optional(),
    [m.list.directionKey ?? 'orderDirection']: z.enum(['asc', 'desc']).default(m.list.defaultDirection ?? 'asc'),
  });
}

// The CSV shapes are shared with the imports outside the module mechanism.
export { CSV_ENCODINGS, CSV_INLINE_ROWS, CSV_MODES, CsvCell, CsvImportResult, CsvRecord, type CsvEncodingName, type CsvMode } from '../contracts/csv-import.js';

export const HistoryEntry = z.object({
  at: z.string(),
  action: z.enum(['INSERT', 'UPDATE', 'DELETE']),
  actor: z.string().nullable(),
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
});

/** A move: up or down (in the list's ascending order) past the next row the
 * list's filters show (the same filters as its query: a filtered list moves
 * a row past the rows on screen, keeping the hidden ones in place). */
export const MOVE_DIRECTIONS = ['up', 'down'] as const;
const moveBody = (m: ModuleDef) => filterQuery(m).extend({ direction: z.enum(MOVE_DIRECTIONS) });
/** The moved row; whether it moved (not at an end); its place among the rows the filters show, ascending, and their number. */
const MoveResult = (Row: z.ZodType<ModuleRow>) => z.object({ item: Row, moved: z.boolean(), position: z.number(), count: z.number() });

const itemParams = (m: ModuleDef) => z.object({ [m.api.idParam]: z.uuid() });
/** '/v2/equipment/{equipmentId}' */
const itemPath = (m: ModuleDef) => m.api.item;

/** Every contract of a module. Cached: call it as often as you like. */
const cache = new Map<string, ReturnType<typeof build>>();
export function moduleContracts(m: ModuleDef) {
  let c = cache.get(m.id);
  if (!c) cache.set(m.id, (c = build(m)));
  return c;
}

function build(m: ModuleDef) {
  const a = access.area(m.area);
  const Row = rowSchema(m);
  const params = itemParams(m);
  const calls = optionalCalls(m);
  const base = {
    list: defineContract({ id: `${m.id}.list`, method: 'get', path: m.api.collection, access: a, summary: `List ${m.id}`, query: listQuery(m), response: z.object({ items: z.array(Row), count: z.number() }) }),
    get: defineContract({ id: `${m.id}.get`, method: 'get', path: itemPath(m), access: a, summary: `Get one ${m.id} record`, params, response: Row }),
    create: defineContract({ id: `${m.id}.create`, method: 'post', path: m.api.collection, access: a, summary: `Create a ${m.id} record`, body: createBody(m), response: Row, status: 201 }),
    update: defineContract({ id: `${m.id}.update`, method: 'patch', path: itemPath(m), access: a, summary: `Change a ${m.id} record`, params, body: updateBody(m), response: Row }),
    history: defineContract({ id: `${m.id}.history`, method: 'get', path: `${itemPath(m)}/history`, access: a, summary: `Changes of a ${m.id} record`, params, response: z.object({ items: z.array(HistoryEntry) }) }),
    count: calls.count && m.api.count
      ? defineContract({ id: `${m.id}.count`, method: 'get', path: m.api.count, access: a, summary: `Rows per category of ${m.id}`, query: filterQuery(m, false), response: z.object({ counts: z.record(z.string(), z.number()) }) })
      : null,
    enable: calls.enable
      ? defineContract({ id: `${m.id}.enable`, method: 'patch', path: `${itemPath(m)}/enable`, access: a, summary: `Enable a ${m.id} record`, params, response: Row })
      : null,
    disable: calls.disable
      ? defineContract({ id: `${m.id}.disable`, method: 'patch', path: `${itemPath(m)}/disable`, access: a, summary: `Disable a ${m.id} record`, params, response: Row })
      : null,
    bulk:
      calls.bulk && m.api.bulk && m.bulk
        ? defineContract({
            id: `${m.id}.bulk`,
            method: 'post',
            path: m.api.bulk,
            access: a,
            summary: `Apply one change to several ${m.id} records in one transaction`,
            body: z.strictObject({
              ids: z.array(z.uuid()).min(1).max(1000),
              action: z.enum(m.bulk.map((b) => b.id) as [string, ...string[]]),
              values: z.record(z.string(), z.string().nullable()).default({}),
            }),
            response: z.object({ updated: z.number() }),
          })
        : null,
    move: calls.move
      ? defineContract({
          id: `${m.id}.move`,
          method: 'post',
          path: `${itemPath(m)}/move`,
          access: a,
          summary: `Move a ${m.id} record up or down the list's own order (renumbered in one transaction)`,
          params,
          body: moveBody(m),
          response: MoveResult(Row),
        })
      : null,
    csvExport: calls.csvExport && m.api.csv
      ? defineContract({
          id: `${m.id}.csvExport`,
          method: 'get',
          path: m.api.csv,
          access: a,
          summary: `A download URL for ${m.id} as CSV (every matching row)`,
          // Rows come in creation order (keyset batches keep memory flat); the
          // list's sort does not apply to the file.
          query: filterQuery(m).extend({
            mode: z.enum(CSV_MODES).default('view'),
            encoding: z.enum(CSV_ENCODINGS).default('UTF-8'),
          }),
          response: CsvExportLink,
        })
      : null,
    csvImport: m.api.csv
      ? defineContract({
          id: `${m.id}.csvImport`,
          method: 'post',
          path: m.api.csv,
          access: a,
          summary: `Check (dryrun) or import a CSV file uploaded for ${m.id}`,
          body: csvImportBody,
          response: CsvImportResult,
        })
      : null,
  };
  return base;
}

export type ModuleContracts = ReturnType<typeof moduleContracts>;

/** Progress of a background import (the wizard polls it). */
export const csvImportJob = defineContract({
  id: 'csvImport.job',
  method: 'get',
  path: '/v2/csv-import-jobs/{jobId}',
  access: access.signedIn,
  summary: 'Progress of a background CSV import',
  params: z.object({ jobId: z.string().regex(/^\d{1,18}$/) }),
  response: z.object({
    state: z.enum(['queued', 'running', 'done', 'failed']),
    done: z.number(),
    total: z.number(),
    error: z.string().nullable(),
  }),
});
