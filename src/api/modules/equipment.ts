// Equipment (spec 2.3, 2.6, 3, 5, 7): the reference module, and its two
// master-data lists. Enum values are the spec's words in the usual
// UPPER_SNAKE form; their labels are in locales/<lang>/equipment.json.
import { defineModule } from './define.js';

const MASTER_SORT = { DISPLAY_ORDER: 'displayOrder', NAME: 'name', CODE: 'code' } as const;
/** The tab bar of the equipment pages: the list and its two settings lists. */
const EQUIPMENT_TABS = [
  { path: '/equipment', label: 'equipment:title' },
  { path: '/equipment/settings/equipment-types', label: 'equipmentTypes:title' },
  { path: '/equipment/settings/equipment-items', label: 'equipmentItems:title' },
] as const;

export const equipmentTypes = defineModule({
  id: 'equipmentTypes',
  area: 'GA',
  table: 'equipment_types',
  titleField: 'name',
  disableable: true,
  fields: {
    name: { kind: 'text', max: 100, required: true, search: true, unique: true },
    code: { kind: 'text', max: 50, search: true, unique: true },
    displayOrder: { kind: 'integer', min: 0, max: 100000 },
  },
  paths: { list: '/equipment/settings/equipment-types' },
  api: { collection: '/v2/equipment-types', item: '/v2/equipment-types/{id}', idParam: 'id' },
  list: { columns: ['name', 'code', 'displayOrder'], sort: MASTER_SORT, defaultSort: 'DISPLAY_ORDER', maxPageSize: 1000, linkTabs: EQUIPMENT_TABS },
});

export const equipmentItems = defineModule({
  id: 'equipmentItems',
  area: 'GA',
  table: 'equipment_items',
  titleField: 'name',
  disableable: true,
  fields: {
    name: { kind: 'text', max: 100, required: true, search: true, unique: true },
    code: { kind: 'text', max: 50, search: true, unique: true },
    equipmentTypeId: { kind: 'ref', to: 'equipmentType', as: 'equipmentType' },
    displayOrder: { kind: 'integer', min: 0, max: 100000 },
  },
  paths: { list: '/equipment/settings/equipment-items' },
  api: { collection: '/v2/equipment-items', item: '/v2/equipment-items/{id}', idParam: 'id' },
  list: {
    columns: ['name', 'code', 'equipmentTypeId', 'displayOrder'],
    sort: MASTER_SORT,
    defaultSort: 'DISPLAY_ORDER',
    maxPageSize: 1000,
    idFilters: { equipmentTypeIdIn: 'equipmentTypeId' },
    linkTabs: EQUIPMENT_TABS,
  },
});

export const USAGE_STATUS = ['IN_USE', 'RETURNED', 'UNDER_REPAIR', 'DISPOSED', 'STORED', 'SCHEDULED_FOR_LENDING'] as const;
export const PLACEMENT_STATUS = ['IN_USE', 'STORED', 'MOVING', 'TO_BE_DISPOSED', 'NOT_PLACED'] as const;

export const equipment = defineModule({
  id: 'equipment',
  area: 'GA',
  table: 'equipment',
  titleField: 'name',
  tagField: 'assetTag',
  fields: {
    name: { kind: 'text', max: 200, required: true, search: true },
    equipmentTypeId: { kind: 'ref', to: 'equipmentType', as: 'equipmentType', labelAs: 'equipmentTypeName' },
    equipmentItemId: { kind: 'ref', to: 'equipmentItem', as: 'equipmentItem', labelAs: 'equipmentItemName' },
    model: { kind: 'text', max: 200, search: true },
    serialNumber: { kind: 'text', max: 100, search: true },
    assetTag: { kind: 'text', max: 100, search: true },
    managementType: { kind: 'enum', values: ['INVENTORY_MANAGEMENT', 'DISTRIBUTION_LOG_MANAGEMENT', 'UNMANAGED'] },
    usageStatus: { kind: 'enum', values: USAGE_STATUS },
    usagePurpose: { kind: 'enum', values: ['PERSONAL_ASSIGNMENT', 'SHARED_USE', 'SHORT_TERM_LENDING', 'WORK_FROM_HOME'] },
    storageKind: { kind: 'enum', values: ['STORED', 'FIXED', 'FREE', 'MOVING'] },
    placementStatus: { kind: 'enum', values: PLACEMENT_STATUS },
    assignedWorkerId: { kind: 'ref', to: 'worker', as: 'assignedPerson' },
    placementPlaceId: { kind: 'ref', to: 'place', as: 'assignedPlace' },
    deviceId: { kind: 'ref', to: 'device', as: 'device' },
    purchaseDate: { kind: 'date' },
    purchasePrice: { kind: 'integer', min: 0, money: 'JPY' },
    lendingStatus: { kind: 'enum', values: ['ACTIVE', 'STOPPED', 'ON_LOAN'] },
    verificationResult: { kind: 'enum', values: ['OK', 'MISMATCH', 'UNVERIFIED'] },
    verificationMethod: { kind: 'enum', values: ['PHYSICAL_CHECK', 'SCAN', 'PHOTO_RECORD'] },
    verifiedOn: { kind: 'date' },
    disposalMethod: { kind: 'enum', values: ['RECYCLING', 'PHYSICAL_DESTRUCTION', 'VENDOR_REQUEST'] },
    dataErasureMethod: { kind: 'enum', values: ['PHYSICAL_DESTRUCTION', 'DOD_STANDARD', 'ENCRYPTION_DELETION'] },
    disposedOn: { kind: 'date' },
    memo: { kind: 'text', max: 2000, multiline: true },
  },
  paths: {
    list: '/equipment',
    record: '/equipment/$id',
    add: '/equipment/add',
    addSelect: '/equipment/add-select',
    importCsv: '/equipment/import-csv',
  },
  api: {
    collection: '/v2/equipment',
    item: '/v2/equipment/{equipmentId}',
    idParam: 'equipmentId',
    count: '/v2/equipment-count',
    csv: '/v2/equipment-csv',
    bulk: '/v2/equipment-bulk',
  },
  list: {
    // Spec 3: equipment, type, model, serial number, asset tag, assigned person, assigned place, created at.
    columns: ['name', 'equipmentTypeId', 'model', 'serialNumber', 'assetTag', 'assignedWorkerId', 'placementPlaceId', 'createdAt'],
    sort: {
      NAME: 'name',
      EQUIPMENT_TYPE: 'equipmentTypeId',
      MODEL: 'model',
      SERIAL_NUMBER: 'serialNumber',
      ASSET_TAG: 'assetTag',
      ASSIGNED_PERSON: 'assignedWorkerId',
      ASSIGNED_PLACE: 'placementPlaceId',
      CREATED_AT: 'createdAt',
    },
    maxPageSize: 1000,
    categories: {
      key: 'category',
      values: {
        ALL: [],
        DISPOSED: [{ field: 'usageStatus', in: ['DISPOSED'] }],
        // To be disposed, not disposed yet.
        PENDING_DISPOSAL: [
          { field: 'placementStatus', in: ['TO_BE_DISPOSED'] },
          { field: 'usageStatus', notIn: ['DISPOSED'] },
        ],
      },
    },
    idFilters: {
      equipmentTypeIdIn: 'equipmentTypeId',
      equipmentItemIdIn: 'equipmentItemId',
      assignedWorkerIdIn: 'assignedWorkerId',
      placementPlaceIdIn: 'placementPlaceId',
    },
    placeholderTabs: ['rule-and-policy', 'overview', 'alerts'],
    linkTabs: EQUIPMENT_TABS,
  },
  csv: [
    'id',
    'name',
    'equipmentTypeId',
    'equipmentItemId',
    'model',
    'serialNumber',
    'assetTag',
    'managementType',
    'usageStatus',
    'usagePurpose',
    'storageKind',
    'placementStatus',
    'assignedWorkerId',
    'placementPlaceId',
    'purchaseDate',
    'purchasePrice',
    'lendingStatus',
    'verificationResult',
    'verificationMethod',
    'verifiedOn',
    'disposalMethod',
    'dataErasureMethod',
    'disposedOn',
    'memo',
  ],
  exportName: 'equipment',
  bulk: [
    { id: 'changeStatus', choose: ['usageStatus'] },
    { id: 'assignPlace', choose: ['placementPlaceId'] },
    { id: 'dispose', choose: ['disposalMethod'], set: { usageStatus: 'DISPOSED', placementStatus: 'NOT_PLACED' }, today: 'disposedOn' },
  ],
});
