import { z } from 'zod';
import { Ok, Password, requiredText } from './common.js';
import { access, defineContract } from './define.js';

export const InvitationCodeParams = z.object({ invitationCode: z.string().min(1).max(200) });

export const getInvitation = defineContract({
  id: 'invitations.get',
  method: 'get',
  path: '/v2/invitations/{invitationCode}',
  access: access.public,
  summary: 'Who an invitation is for; 404 unknown, 400 expired or used',
  params: InvitationCodeParams,
  response: z.object({
    email: z.string(),
    givenName: z.string(),
    familyName: z.string(),
    middleName: z.string().nullable(),
  }),
});

export const acceptInvitation = defineContract({
  id: 'invitations.accept',
  method: 'post',
  path: '/v2/invitations/{invitationCode}/accept',
  access: access.public,
  summary: 'Set a password: creates the identity-pool user and the membership, once',
  params: InvitationCodeParams,
  body: z.object({ password: Password }),
  response: z.object({ email: z.string() }),
});

export const MEMBERSHIP_KINDS = ['OPERATOR', 'INDIVIDUAL'] as const;

export const createInvitation = defineContract({
  id: 'settings.invitations.create',
  method: 'post',
  path: '/v2/settings/invitations',
  access: access.area('SETTINGS'),
  summary: 'Invite a staff member or an individual; mails a link to /auth/invitation/{code}',
  body: z.object({
    kind: z.enum(MEMBERSHIP_KINDS),
    email: z.email({ message: 'validation.email' }).max(320),
    givenName: requiredText(100),
    familyName: requiredText(100),
    middleName: z.string().max(100).optional(),
    personId: z.uuid().optional(),
  }),
  response: z.object({ id: z.uuid(), invitedAt: z.iso.datetime(), expiresAt: z.iso.datetime() }),
  status: 201,
});

export const ACCOUNT_LIST_TYPES = [
  'OPERATOR_MEMBERSHIP',
  'OPERATOR_INVITATION',
  'INDIVIDUAL_MEMBERSHIP',
  'INDIVIDUAL_INVITATION',
] as const;

export const AccountRow = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  personId: z.uuid().nullable(),
  /** Membership rows: when it was granted. */
  createdAt: z.iso.datetime().nullable(),
  /** Invitation rows. */
  invitedAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  expired: z.boolean().nullable(),
});

export const listAccounts = defineContract({
  id: 'settings.accounts.list',
  method: 'get',
  path: '/v2/settings/accounts',
  access: access.area('SETTINGS'),
  summary: 'Staff and individual accounts and open invitations',
  query: z.object({
    type: z.enum(ACCOUNT_LIST_TYPES).default('OPERATOR_MEMBERSHIP'),
    pageIndex: z.coerce.number().int().min(0).default(0),
    pageSize: z.coerce.number().int().min(1).max(1000).default(100),
  }),
  response: z.object({ items: z.array(AccountRow), count: z.number().int() }),
});

export const revokeInvitation = defineContract({
  id: 'settings.invitations.revoke',
  method: 'delete',
  path: '/v2/settings/invitations/{invitationId}',
  access: access.area('SETTINGS'),
  summary: 'Withdraw an invitation not yet accepted',
  params: z.object({ invitationId: z.uuid() }),
  response: Ok,
});
