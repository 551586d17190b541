import { z } from 'zod';
import { requiredText } from './common.js';
import { AREAS, access, defineContract } from './define.js';

export const MfaSettings = z.object({ email: z.object({ enabled: z.boolean() }) });

export const getMfaSettings = defineContract({
  id: 'settings.mfa.get',
  method: 'get',
  path: '/v2/settings/mfa',
  access: access.area('SETTINGS'),
  summary: "The organisation's MFA settings",
  response: MfaSettings,
});

export const patchMfaEmail = defineContract({
  id: 'settings.mfa.patchEmail',
  method: 'patch',
  path: '/v2/settings/mfa/email',
  access: access.area('SETTINGS'),
  summary: 'Turn e-mail MFA on or off for the whole organisation',
  body: z.object({ enabled: z.boolean() }),
  response: MfaSettings,
});

const orderDirection = z.enum(['asc', 'desc']).default('asc');
const pageIndex = z.coerce.number().int().min(0).default(0);
const pageSize = z.coerce.number().int().min(1).max(1000).default(100);
const Ref = z.object({ id: z.uuid(), name: z.string() });

export const ProductPermissionRow = z.object({
  id: z.uuid(),
  productPermissionName: z.string(),
  totalAccessibleProducts: z.number().int(),
  itForce: z.boolean(),
  hrForce: z.boolean(),
  gaForce: z.boolean(),
  liForce: z.boolean(),
  marketplace: z.boolean(),
  settings: z.boolean(),
  referencedRoles: z.array(Ref),
});

export const listProductPermissions = defineContract({
  id: 'settings.productPermissions.list',
  method: 'get',
  path: '/v2/settings/product-permissions',
  access: access.area('SETTINGS'),
  summary: 'Product permissions; category narrows to those granting one area',
  query: z.object({
    category: z.enum(['ALL', ...AREAS]).default('ALL'),
    pageSize,
    pageIndex,
    orderBy: z.enum(['NAME', 'TOTAL_ACCESSIBLE_PRODUCTS']).default('NAME'),
    orderDirection,
    freeText: z.string().max(200).optional(),
  }),
  response: z.object({ items: z.array(ProductPermissionRow), count: z.number().int() }),
});

export const createProductPermission = defineContract({
  id: 'settings.productPermissions.create',
  method: 'post',
  path: '/v2/settings/product-permissions',
  access: access.area('SETTINGS'),
  summary: 'Create a product permission',
  body: z.object({
    productPermissionName: requiredText(100),
    itForce: z.boolean().default(false),
    hrForce: z.boolean().default(false),
    gaForce: z.boolean().default(false),
    liForce: z.boolean().default(false),
    marketplace: z.boolean().default(false),
    settings: z.boolean().default(false),
  }),
  response: z.object({ id: z.uuid() }),
  status: 201,
});

export const PeopleGroupRow = z.object({
  id: z.uuid(),
  name: z.string(),
  totalPeople: z.number().int(),
  referencedRoles: z.array(Ref),
  membershipEmployee: z.boolean(),
  membershipBoardMember: z.boolean(),
  membershipContractor: z.boolean(),
  membershipCollaborator: z.boolean(),
  individuallyIncluded: z.array(Ref),
  individuallyExcluded: z.array(Ref),
});

export const listPeopleGroups = defineContract({
  id: 'settings.peopleGroups.list',
  method: 'get',
  path: '/v2/settings/people-groups',
  access: access.area('SETTINGS'),
  summary: 'People groups with their members count',
  query: z.object({ pageSize, pageIndex, freeText: z.string().max(200).optional() }),
  response: z.object({ items: z.array(PeopleGroupRow), count: z.number().int() }),
});

export const createPeopleGroup = defineContract({
  id: 'settings.peopleGroups.create',
  method: 'post',
  path: '/v2/settings/people-groups',
  access: access.area('SETTINGS'),
  summary: 'Create a people group',
  body: z.object({
    name: requiredText(100),
    membershipEmployee: z.boolean().default(false),
    membershipBoardMember: z.boolean().default(false),
    membershipContractor: z.boolean().default(false),
    membershipCollaborator: z.boolean().default(false),
    individuallyIncluded: z.array(z.uuid()).default([]),
    individuallyExcluded: z.array(z.uuid()).default([]),
  }),
  response: z.object({ id: z.uuid() }),
  status: 201,
});

export const RoleRow = z.object({
  id: z.uuid(),
  roleName: z.string(),
  totalPeople: z.number().int(),
  peopleGroups: z.array(Ref),
  productPermissions: z.array(Ref),
});

export const listRoles = defineContract({
  id: 'settings.roles.list',
  method: 'get',
  path: '/v2/settings/roles',
  access: access.area('SETTINGS'),
  summary: 'Roles with their groups and permissions',
  query: z.object({ pageSize, pageIndex, freeText: z.string().max(200).optional() }),
  response: z.object({ items: z.array(RoleRow), count: z.number().int() }),
});

export const createRole = defineContract({
  id: 'settings.roles.create',
  method: 'post',
  path: '/v2/settings/roles',
  access: access.area('SETTINGS'),
  summary: 'Create a role from product permissions and people groups',
  body: z.object({
    roleName: requiredText(100),
    productPermissionIds: z.array(z.uuid()).default([]),
    peopleGroupIds: z.array(z.uuid()).default([]),
  }),
  response: z.object({ id: z.uuid() }),
  status: 201,
});
