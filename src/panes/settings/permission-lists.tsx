// The permission-and-roles lists (spec 3 Permissions: the columns), as list
// definitions on the shared grid.
import { listPeopleGroups, listProductPermissions, listRoles, type PeopleGroupRow, type ProductPermissionRow, type RoleRow } from '../../api/contracts/settings.js';
import type { z } from 'zod';
import { ListPane, type ListDef } from '../../tables/list-pane.js';

type Role = z.infer<typeof RoleRow>;
type ProductPermission = z.infer<typeof ProductPermissionRow>;
type PeopleGroup = z.infer<typeof PeopleGroupRow>;

const names = (refs: { name: string }[]) => refs.map((r) => r.name).join(', ') || '—';
const check = (v: boolean) => (v ? '✓' : '—');
const base = '/settings/permission-and-roles';

const roles: ListDef<Role> = {
  id: 'settings.roles',
  title: 'routes:pages.roles',
  contract: listRoles,
  items: (r: { items: Role[]; count: number }) => r,
  keys: { sort: 'sortColumn', direction: 'orderDirection', filter: 'freeText' },
  getRowId: (r) => r.id,
  href: (r) => `${base}/roles/${r.id}`,
  columns: [
    { id: 'roleName', header: 'columns.roleName', width: 220, cell: (r) => r.roleName },
    { id: 'totalPeople', header: 'columns.totalPeople', width: 110, cell: (r) => r.totalPeople },
    { id: 'peopleGroups', header: 'columns.peopleGroups', width: 280, cell: (r) => names(r.peopleGroups) },
    { id: 'productPermissions', header: 'columns.productPermissions', width: 280, cell: (r) => names(r.productPermissions) },
  ],
};

const productPermissions: ListDef<ProductPermission> = {
  id: 'settings.productPermissions',
  title: 'routes:pages.product-permissions',
  contract: listProductPermissions,
  items: (r: { items: ProductPermission[]; count: number }) => r,
  keys: { sort: 'orderBy', direction: 'orderDirection', filter: 'freeText' },
  getRowId: (r) => r.id,
  href: (r) => `${base}/product-permissions/${r.id}`,
  columns: [
    { id: 'name', header: 'columns.productPermissionName', width: 220, sortColumn: 'NAME', cell: (r) => r.productPermissionName },
    { id: 'total', header: 'columns.totalAccessibleProducts', width: 110, sortColumn: 'TOTAL_ACCESSIBLE_PRODUCTS', cell: (r) => r.totalAccessibleProducts },
    { id: 'it', header: 'columns.itForce', width: 64, cell: (r) => check(r.itForce) },
    { id: 'hr', header: 'columns.hrForce', width: 64, cell: (r) => check(r.hrForce) },
    { id: 'ga', header: 'columns.gaForce', width: 64, cell: (r) => check(r.gaForce) },
    { id: 'li', header: 'columns.liForce', width: 64, cell: (r) => check(r.liForce) },
    { id: 'marketplace', header: 'columns.marketplace', width: 110, cell: (r) => check(r.marketplace) },
    { id: 'settings', header: 'columns.settings', width: 64, cell: (r) => check(r.settings) },
    { id: 'roles', header: 'columns.referencedRoles', width: 220, cell: (r) => names(r.referencedRoles) },
  ],
};

const peopleGroups: ListDef<PeopleGroup> = {
  id: 'settings.peopleGroups',
  title: 'routes:pages.people-groups',
  contract: listPeopleGroups,
  items: (r: { items: PeopleGroup[]; count: number }) => r,
  keys: { sort: 'sortColumn', direction: 'orderDirection', filter: 'freeText' },
  getRowId: (r) => r.id,
  href: (r) => `${base}/people-groups/${r.id}`,
  columns: [
    { id: 'name', header: 'columns.name', width: 220, cell: (r) => r.name },
    { id: 'total', header: 'columns.totalPeople', width: 100, cell: (r) => r.totalPeople },
    { id: 'roles', header: 'columns.referencedRoles', width: 200, cell: (r) => names(r.referencedRoles) },
    { id: 'employee', header: 'columns.membershipEmployee', width: 90, cell: (r) => check(r.membershipEmployee) },
    { id: 'board', header: 'columns.membershipBoardMember', width: 90, cell: (r) => check(r.membershipBoardMember) },
    { id: 'contractor', header: 'columns.membershipContractor', width: 90, cell: (r) => check(r.membershipContractor) },
    { id: 'collaborator', header: 'columns.membershipCollaborator', width: 90, cell: (r) => check(r.membershipCollaborator) },
    { id: 'included', header: 'columns.individuallyIncluded', width: 200, cell: (r) => names(r.individuallyIncluded) },
    { id: 'excluded', header: 'columns.individuallyExcluded', width: 200, cell: (r) => names(r.individuallyExcluded) },
  ],
};

export const RolesPane = () => <ListPane def={roles} />;
export const ProductPermissionsPane = () => <ListPane def={productPermissions} />;
export const PeopleGroupsPane = () => <ListPane def={peopleGroups} />;
