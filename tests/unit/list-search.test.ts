import { describe, expect, it } from 'vitest';
import { SEARCH_SCHEMAS } from '../../src/routes/search-schemas.js';
import { defaultsOf, listSearch } from '../../src/tables/list-search.js';

const parse = (path: string, input: Record<string, unknown>) => SEARCH_SCHEMAS[path]!.parse(input) as Record<string, unknown>;

describe('list search schemas', () => {
  it('give the spec defaults to an empty URL', () => {
    expect(defaultsOf(SEARCH_SCHEMAS['/equipment']!)).toMatchObject({ pageIndex: 0, pageSize: 100, orderDirection: 'asc', category: 'ALL' });
    expect(defaultsOf(SEARCH_SCHEMAS['/places']!)).toMatchObject({ category: 'ALL', pageSize: 100 });
    expect(defaultsOf(SEARCH_SCHEMAS['/starlinks']!)).toMatchObject({ category: 'ACTIVE' });
    expect(defaultsOf(SEARCH_SCHEMAS['/contract']!)).toMatchObject({ contractType: 'EMPLOYMENT', sortOrder: 'asc' });
    expect(defaultsOf(SEARCH_SCHEMAS['/software/registry']!)).toMatchObject({ status: 'SAAS' });
    expect(defaultsOf(SEARCH_SCHEMAS['/public-ids/registry']!)).toMatchObject({ page: 1, publicIdType: 'NATIONAL_ID' });
    expect(defaultsOf(SEARCH_SCHEMAS['/people/workforce']!)).toMatchObject({ menu: 'Employee', category: 'employee-all' });
    expect(defaultsOf(SEARCH_SCHEMAS['/people/settings/job-functions']!)).toMatchObject({ pageSize: 2000, sortColumn: 'DISPLAY_ORDER' });
    expect(defaultsOf(SEARCH_SCHEMAS['/devices/settings/catalog']!)).toMatchObject({ pageSize: 10, page: 1 });
    expect(defaultsOf(SEARCH_SCHEMAS['/software/alerts/shadow-it/apps']!)).toMatchObject({ sortBy: 'count30DaysHistory', sortOrder: 'desc' });
    expect(defaultsOf(SEARCH_SCHEMAS['/software/alerts/shadow-it/visit-histories']!)).toMatchObject({ sortBy: 'visitedAt', sortOrder: 'desc' });
    expect(defaultsOf(SEARCH_SCHEMAS['/marketplace/sent-orders']!)).toMatchObject({ page: 1, sortColumn: 'ORDER_NUMBER', sortOrder: 'desc' });
    expect(defaultsOf(SEARCH_SCHEMAS['/marketplace/sales-orders']!)).toMatchObject({ sortColumn: 'ACCEPTED_DATE', sortOrder: 'asc' });
    expect(defaultsOf(SEARCH_SCHEMAS['/equipment/settings/equipment-types']!)).toMatchObject({ sortColumn: 'DISPLAY_ORDER', orderDirection: 'asc' });
    expect(defaultsOf(SEARCH_SCHEMAS['/organization/chart']!)).toMatchObject({ viewMode: 'hierarchy', isCompactView: false });
  });

  it('let an invalid value fall back to its default and keep the valid ones', () => {
    expect(parse('/equipment', { pageIndex: -3, pageSize: 5000, category: 'BOGUS', freeText: 'pc', sortColumn: 'DROP' })).toMatchObject({
      pageIndex: 0,
      pageSize: 100,
      category: 'ALL',
      freeText: 'pc',
      sortColumn: undefined,
    });
    expect(parse('/equipment', { pageSize: '1000', pageIndex: '7' })).toMatchObject({ pageSize: 1000, pageIndex: 7 });
    expect(parse('/public-ids/registry', { publicIdType: 'PASSPORTS', page: 0 })).toMatchObject({ publicIdType: 'NATIONAL_ID', page: 1 });
    expect(parse('/organization/chart', { viewMode: '' })).toMatchObject({ viewMode: 'hierarchy' });
    expect(parse('/people/workforce', { category: 'employee-leaving', menu: 'Nobody' })).toMatchObject({ category: 'employee-leaving', menu: 'Employee' });
  });

  it('require what completion pages need', () => {
    expect(() => parse('/person/add/$workerType/completed', { addedPersonGivenName: '花子' })).toThrow();
    expect(parse('/person/add/$workerType/completed', { addedPersonGivenName: '花子', addedPersonID: 'p1' })).toMatchObject({ addedPersonID: 'p1' });
  });

  it('the IT device-inventory data page: required pattern and request, bounded page size, filters defaulting to all (spec 2.6, 5)', () => {
    const path = '/it-operation-core/device-inventory/data';
    expect(defaultsOf(SEARCH_SCHEMAS[path]!)).toEqual({
      pageIndex: 0,
      pageSize: 100,
      sortOrder: 'asc',
      deviceGenres: [],
      assigned: [],
      reportStatus: 'all',
      hasError: false,
      statusFilter: 'all',
      typeFilter: 'all',
    });
    const ids = { patternId: 'pt-1', requestId: 'rq-1' };
    expect(parse(path, { ...ids, pageSize: 1000, reportStatus: 'notCompleted', statusFilter: 'unreported', typeFilter: 'installed', deviceGenres: ['laptop'] })).toMatchObject({
      ...ids,
      pageSize: 1000,
      reportStatus: 'notCompleted',
      statusFilter: 'unreported',
      typeFilter: 'installed',
      deviceGenres: ['laptop'],
    });
    expect(parse(path, { ...ids, pageSize: 1001, reportStatus: 'done', statusFilter: 'GOOD', typeFilter: 'leased', deviceGenres: ['toaster'] })).toMatchObject({
      pageSize: 100,
      reportStatus: 'all',
      statusFilter: 'all',
      typeFilter: 'all',
      deviceGenres: [],
    });
    expect(parse(path, { ...ids, pageSize: 0 })).toMatchObject({ pageSize: 100 });
    // Both ids are required and non-empty; a numeric id (as the router reads `?requestId=42`) counts.
    expect(() => parse(path, { patternId: 'pt-1' })).toThrow();
    expect(() => parse(path, { requestId: 'rq-1' })).toThrow();
    expect(() => parse(path, { patternId: '', requestId: 'rq-1' })).toThrow();
    expect(parse(path, { patternId: 7, requestId: 42 })).toMatchObject({ patternId: '7', requestId: '42' });
  });

  it('bounds page size to 1000 where the spec bounds it, and not elsewhere', () => {
    expect(listSearch().parse({ pageSize: 1001 })).toMatchObject({ pageSize: 100 });
    expect(listSearch({ maxPageSize: null }).parse({ pageSize: 1001 })).toMatchObject({ pageSize: 1001 });
  });
});
