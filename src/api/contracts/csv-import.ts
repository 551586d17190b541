// The shapes every CSV import and export shares (spec 3 "CSV import record",
// 7): the module pipeline (../modules/contracts.ts re-exports them) and the
// bespoke imports (./app-users-csv.ts) answer the same result, so the one
// wizard (src/panes/module/import-csv.tsx) reads them all.
import { z } from 'zod';

export const CSV_MODES = ['view', 'edit-template', 'edit'] as const;
export type CsvMode = (typeof CSV_MODES)[number];
export const CSV_ENCODINGS = ['UTF-8', 'Shift_JIS'] as const;
export type CsvEncodingName = (typeof CSV_ENCODINGS)[number];

/** Rows above this import as a background job with progress; below, in the request. */
export const CSV_INLINE_ROWS = 2000;

/** The body of a dry run or an import of an uploaded file. */
export const csvImportBody = z.strictObject({
  encoding: z.enum(['auto', ...CSV_ENCODINGS]).default('auto'),
  dryrun: z.boolean(),
  uploadedFileKey: z.string().min(1).max(500),
  pageIndex: z.number().int().min(0).optional(),
  pageSize: z.number().int().min(1).max(1000).optional(),
  filterError: z.boolean().optional(),
});
export type CsvImportBody = z.input<typeof csvImportBody>;

export const CsvCell = z.object({ value: z.string(), errors: z.array(z.string()) });
export const CsvRecord = z.object({
  /** 1-based line of the file where the row starts. */
  line: z.number(),
  isValid: z.boolean(),
  /** What an import will do with the row (beyond the spec). */
  action: z.enum(['create', 'update', 'unchanged']),
  values: z.array(CsvCell),
  recordErrors: z.array(z.string()),
});
export type CsvRecord = z.infer<typeof CsvRecord>;
export const CsvImportResult = z.object({
  headers: z.array(z.object({ value: z.string(), field: z.string().nullable(), errors: z.array(z.string()) })),
  /** The requested page of records (all of them when no page is asked for). */
  records: z.array(CsvRecord),
  recordCount: z.number(),
  errors: z.object({ rows: z.number(), cells: z.number(), headers: z.number() }),
  /** `delete`: records the import removes because the file no longer lists
   * them (imports of a full list only, e.g. an integration's accounts). */
  summary: z.object({ create: z.number(), update: z.number(), unchanged: z.number(), delete: z.number().optional() }),
  encoding: z.enum(CSV_ENCODINGS),
  /** Set when the real import runs as a background job. */
  jobId: z.string().nullable(),
  imported: z.boolean(),
});
export type CsvImportResult = z.infer<typeof CsvImportResult>;

/** The answer of an export call: where to download the file. */
export const CsvExportLink = z.object({ url: z.string(), mode: z.enum(CSV_MODES), filename: z.string() });
