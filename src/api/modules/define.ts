// A module declared once. Its definition is data (isomorphic: zod only), and
// every shared mechanism derives from it:
//   - contracts (./contracts.ts): list, count, get, create, update, enable,
//     disable, bulk update, history, CSV export and import;
//   - server handlers (server/modules/module/module.routes.ts) and their SQL;
//   - the console's list search schema, grid columns, record form, palette
//     commands and CSV wizard (src/panes/module/*, src/commands/module.commands.ts).
// Adding a list module = a definition here, its table in a migration, its two
// locale files and a line in ./index.ts. See ARCHITECTURE.md.
import type { Area } from '../contracts/define.js';

/** What a reference field points at. Each target's SQL lives in
 * server/modules/module/sql.ts (REFS, REF_EXPORT); its shape in the response is below. */
export const REF_TARGETS = {
  /** → { id, name } | null; pickers list the module's enabled rows. */
  equipmentType: { shape: 'named', module: 'equipmentTypes' },
  equipmentItem: { shape: 'named', module: 'equipmentItems' },
  /** Pickers: GET /v2/components/devices-for-select (and so on below). */
  device: { shape: 'named', module: null },
  /** → { personId, workerId, name, avatarUrl } | null */
  worker: { shape: 'person', module: null },
  /** → { placeId, placeLabel } | null */
  place: { shape: 'place', module: null },
} as const;
export type RefTarget = keyof typeof REF_TARGETS;

interface FieldBase {
  /** Required on create (and may not be cleared by update or import). */
  required?: boolean;
  /** Searched by the list's freeText. */
  search?: boolean;
  /** Shown in the grid (default: listed in `list.columns`). Omitted from CSV when false. */
  csv?: boolean;
  /** Read-only in forms and CSV imports (set by the server). */
  readOnly?: boolean;
}
export type FieldDef =
  | (FieldBase & { kind: 'text'; max: number; multiline?: boolean; unique?: boolean })
  | (FieldBase & { kind: 'enum'; values: readonly [string, ...string[]] })
  | (FieldBase & { kind: 'date' })
  /** `money`: an amount in that currency (spec 3's currencies), shown through Intl; a row's own `currencyCode` wins. */
  | (FieldBase & { kind: 'integer'; min?: number; max?: number; money?: 'JPY' | 'USD' | 'IDR' | 'THB' | 'VND' | 'CNY' })
  /** A reference: the value is the referenced row's id; `as` names the joined object in list rows. */
  | (FieldBase & {
      kind: 'ref';
      to: RefTarget;
      /** The row carries the referenced record as this object. */
      as: string;
      /** The row also carries the referenced record's label alone under this
       * name, where the spec names one (e.g. equipmentTypeName). */
      labelAs?: string;
    });

/** A condition on the module's own fields (categories and bulk previews). */
export type Condition = { field: string; in: readonly string[] } | { field: string; notIn: readonly string[] };

export interface ListDef {
  /** Grid columns in order: a field name, or 'createdAt'. */
  columns: readonly string[];
  /** Spec sort column → field name ('createdAt' allowed). */
  sort: Readonly<Record<string, string>>;
  defaultSort?: string;
  defaultDirection?: 'asc' | 'desc';
  /** The URL and query key of the direction (spec 2.6 names it per list). */
  directionKey?: 'orderDirection' | 'sortOrder';
  maxPageSize: number;
  /** Category tabs: value → conditions (all must hold); the first is the default. */
  categories?: { key: string; values: Readonly<Record<string, readonly Condition[]>> };
  /** Id-in filters: URL key → ref field. */
  idFilters?: Readonly<Record<string, string>>;
  /** Tabs the spec leaves empty, shown after the list's own tab. */
  placeholderTabs?: readonly string[];
  /** Other pages of the module reachable from the list's tab bar (settings). */
  linkTabs?: readonly { path: string; label: string }[];
  /** Rows per page when the URL names none (default 100). */
  pageSize?: number;
  /** The integer field that is the list's own order (master data: displayOrder;
   * one of `sort`'s fields). Rows can then be moved up and down from the
   * keyboard: one call (`move`) renumbers the field 1..n in one transaction,
   * and a new row without a value goes last. */
  reorder?: string;
}

/** A preset change applied to the selected rows in one transaction. */
export interface BulkActionDef {
  id: string;
  /** Fields the user chooses a value for (enum or ref fields). */
  choose: readonly string[];
  /** Fields set to fixed values. */
  set?: Readonly<Record<string, string | null>>;
  /** Field set to today's date. */
  today?: string;
}

export interface ModuleDef {
  /** Also the i18n namespace (locales/<lang>/<id>.json) and query key root. */
  id: string;
  /** The namespace of the field and enum labels (`fields`, `enums`) when
   * several modules share them (locales/<lang>/<labels>.json): declarations
   * of one kind (the people master lists) name their fields once. Default:
   * the module's own namespace, which always gives its `title` (and
   * `categories`, `bulk`). */
  labels?: string;
  area: Area;
  /** SQL table: org_id, id, created_at, updated_at, (disabled_at) and one snake_case column per field. */
  table: string;
  /** The field whose value names a row (title, pickers, history). */
  titleField: string;
  /** A field that tells rows of one name apart (an asset tag), shown beside
   * the title where rows are listed by name (a bulk action's confirm). */
  tagField?: string;
  fields: Readonly<Record<string, FieldDef>>;
  /** Console paths. */
  paths: { list: string; record?: string; add?: string; addSelect?: string; importCsv?: string };
  /** API paths; `{id}` in item is named by idParam. */
  api: { collection: string; item: string; idParam: string; count?: string; csv?: string; bulk?: string };
  list: ListDef;
  /** Rows can be disabled and enabled (master data). */
  disableable?: boolean;
  /** CSV columns in order (fields; 'id' first makes the file an edit file). */
  csv?: readonly string[];
  bulk?: readonly BulkActionDef[];
  /** Export file name prefix: '{prefix}-export-{date}.csv'. */
  exportName?: string;
}

export const defineModule = <const M extends ModuleDef>(m: M): M => m;

/** The namespace of a module's field and enum labels. */
export const labelNamespace = (m: Pick<ModuleDef, 'id' | 'labels'>): string => m.labels ?? m.id;
/** The i18n key of a field's label. */
export const fieldKey = (m: ModuleDef, name: string) => `${labelNamespace(m)}:fields.${name}`;

/**
 * Which of the optional calls a module has. Its contracts (contracts.ts) are
 * built from the same answers, and its commands are declared from them
 * without loading the contracts.
 */
export const optionalCalls = (m: ModuleDef) => ({
  count: !!m.api.count,
  enable: !!m.disableable,
  disable: !!m.disableable,
  bulk: !!(m.api.bulk && m.bulk?.length),
  move: !!m.list.reorder,
  csvExport: !!m.api.csv,
});

/** The spec sort column of a reorderable list's own order ('DISPLAY_ORDER'). */
export const reorderSort = (m: ModuleDef): string | undefined =>
  m.list.reorder ? Object.entries(m.list.sort).find(([, field]) => field === m.list.reorder)?.[0] : undefined;

export const camelToSnake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The ref object a list row carries for a reference field. */
export const refShape = (f: FieldDef & { kind: 'ref' }) => REF_TARGETS[f.to].shape;
