import crypto from 'node:crypto';
import { sql } from 'kysely';
import {
  acceptInvitation,
  createInvitation,
  getInvitation,
  listAccounts,
  revokeInvitation,
} from '../../../src/api/contracts/invitations.js';
import { paged } from '../../db/paging.js';
import type { Tx } from '../../db/tenant.js';
import { AppError, conflict, fieldError, notFound } from '../../http/errors.js';
import { t } from '../../http/i18n.js';
import { defineRoute } from '../../http/route.js';
import { queueMail } from '../../mail/outbox.js';

/** Finds an invitation by code across organisations (the caller is not signed
 * in yet), then scopes the transaction to its organisation. */
async function openInvitation(tx: Tx, code: string, lock: boolean) {
  const found = await sql<{ id: string; org_id: string }>`SELECT * FROM invitation_by_code(${code})`.execute(tx);
  const ids = found.rows[0];
  if (!ids) throw notFound('INVITATION_NOT_FOUND');
  await sql`SELECT set_config('app.org_id', ${ids.org_id}, true)`.execute(tx);
  let q = tx.selectFrom('invitations').where('id', '=', ids.id).selectAll();
  if (lock) q = q.forUpdate();
  const inv = await q.executeTakeFirstOrThrow();
  if (inv.accepted_at) throw new AppError(400, 'INVITATION_USED');
  if (new Date(inv.expires_at).getTime() < Date.now()) throw new AppError(400, 'INVITATION_EXPIRED');
  return inv;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const fullName = (family: string, given: string) => `${family} ${given}`.trim();

export const invitationRoutes = [
  defineRoute(getInvitation, async ({ params }, { tx }) => {
    const inv = await openInvitation(tx, params.invitationCode, false);
    return { email: inv.email, givenName: inv.given_name, familyName: inv.family_name, middleName: inv.middle_name };
  }),

  defineRoute(acceptInvitation, async ({ params, body }, { tx, deps }) => {
    // The row lock makes a second, concurrent accept wait and then see it used.
    const inv = await openInvitation(tx, params.invitationCode, true);
    const { sub } = await deps.identity.createUser({
      email: inv.email,
      password: body.password,
      givenName: inv.given_name,
      familyName: inv.family_name,
    });
    let account = await tx
      .selectFrom('accounts')
      .where(sql`lower(email)`, '=', inv.email.toLowerCase())
      .selectAll()
      .executeTakeFirst();
    try {
      if (!account) {
        account = await tx
          .insertInto('accounts')
          .values({ org_id: inv.org_id, email: inv.email, cognito_sub: sub, person_id: inv.person_id })
          .returningAll()
          .executeTakeFirstOrThrow();
      } else {
        await tx
          .updateTable('accounts')
          .set({ cognito_sub: sub, person_id: account.person_id ?? inv.person_id, updated_at: new Date() })
          .where('id', '=', account.id)
          .execute();
      }
    } catch (err) {
      // The address belongs to an account of another organisation.
      if ((err as { code?: string }).code === '23505') throw conflict('INVITATION_EMAIL_TAKEN');
      throw err;
    }
    await tx
      .insertInto('memberships')
      .values({ org_id: inv.org_id, account_id: account.id, kind: inv.kind })
      .onConflict((oc) => oc.columns(['account_id', 'kind']).doNothing())
      .execute();
    await tx
      .updateTable('invitations')
      .set({ accepted_at: new Date(), account_id: account.id, updated_at: new Date() })
      .where('id', '=', inv.id)
      .execute();
    return { email: inv.email };
  }),

  defineRoute(createInvitation, async ({ body }, { tx, auth, deps }) => {
    if (body.personId) {
      const person = await tx.selectFrom('people').where('id', '=', body.personId).select('id').executeTakeFirst();
      if (!person) throw fieldError('personId', 'PERSON_NOT_FOUND');
    }
    const code = crypto.randomBytes(24).toString('base64url');
    const invitedAt = new Date();
    const expiresAt = new Date(invitedAt.getTime() + deps.config.INVITATION_TTL_DAYS * 86_400_000);
    const row = await tx
      .insertInto('invitations')
      .values({
        org_id: auth.orgId,
        kind: body.kind,
        code,
        email: body.email,
        given_name: body.givenName.trim(),
        family_name: body.familyName.trim(),
        middle_name: body.middleName?.trim() || null,
        person_id: body.personId ?? null,
        invited_by: auth.accountId,
        invited_at: invitedAt,
        expires_at: expiresAt,
      })
      .returning(['id', 'invited_at'])
      .executeTakeFirstOrThrow();
    const org = await tx.selectFrom('organizations').where('id', '=', auth.orgId).select('name').executeTakeFirstOrThrow();
    const vars = {
      organization: org.name,
      name: fullName(body.familyName, body.givenName),
      link: `${deps.config.publicUrl}/auth/invitation/${code}`,
      expiresAt: expiresAt.toLocaleString(auth.locale, { timeZone: 'Asia/Tokyo' }),
    };
    await queueMail(tx, auth.orgId, {
      to: body.email,
      subject: t(auth.locale, 'mail:invitation.subject', vars),
      text: t(auth.locale, 'mail:invitation.body', vars),
    });
    return { id: row.id, invitedAt: new Date(row.invited_at).toISOString(), expiresAt: expiresAt.toISOString() };
  }),

  defineRoute(listAccounts, async ({ query }, { tx }) => {
    const [kind, what] = query.type.split('_') as ['OPERATOR' | 'INDIVIDUAL', 'MEMBERSHIP' | 'INVITATION'];
    if (what === 'MEMBERSHIP') {
      const base = tx
        .selectFrom('memberships as m')
        .innerJoin('accounts as a', 'a.id', 'm.account_id')
        .leftJoin('people as p', 'p.id', 'a.person_id')
        .where('m.kind', '=', kind);
      const { rows, count } = await paged(
        base,
        (q) => q.select(['a.id', 'a.email', 'a.person_id', 'm.created_at', 'p.family_name', 'p.given_name']).orderBy('a.email'),
        query,
      );
      return {
        count,
        items: rows.map((r) => ({
          id: r.id,
          email: r.email,
          name: r.family_name ? fullName(r.family_name, r.given_name ?? '') : r.email,
          personId: r.person_id,
          createdAt: iso(r.created_at),
          invitedAt: null,
          expiresAt: null,
          expired: null,
        })),
      };
    }
    const base = tx.selectFrom('invitations').where('kind', '=', kind).where('accepted_at', 'is', null);
    const { rows, count } = await paged(base, (q) => q.selectAll().orderBy('invited_at', 'desc').orderBy('id'), query);
    const now = Date.now();
    return {
      count,
      items: rows.map((r) => ({
        id: r.id,
        email: r.email,
        name: fullName(r.family_name, r.given_name),
        personId: r.person_id,
        createdAt: null,
        invitedAt: iso(r.invited_at),
        expiresAt: iso(r.expires_at),
        expired: new Date(r.expires_at).getTime() < now,
      })),
    };
  }),

  defineRoute(revokeInvitation, async ({ params }, { tx }) => {
    const res = await tx
      .deleteFrom('invitations')
      .where('id', '=', params.invitationId)
      .where('accepted_at', 'is', null)
      .executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw notFound();
    return { ok: true as const };
  }),
];
