// What is linked to a person today and what was: devices (device_assignments,
// dated), equipment (equipment.assigned_worker_id today, earlier holders from
// the audit trail) and app accounts whose link ended (the audit rows of 0017).
import { sql } from 'kysely';
import * as P from '../../../src/api/contracts/person.js';
import { notFound } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { iso, personOf } from './shared.js';
import { todayInJapan } from '../../../src/api/contracts/dates.js';

interface DeviceRow {
  id: string;
  device_id: string;
  name: string;
  genre: string;
  model: string | null;
  device_tag: string | null;
  serial_number: string | null;
  asset_tag: string | null;
  worker_type: P.PersonDevice['workerType'];
  assigned_on: string;
  returned_on: string | null;
  is_current: boolean;
}

interface HoldingChange {
  audit_id: string;
  equipment_id: string;
  at: Date;
  action: 'INSERT' | 'UPDATE' | 'DELETE';
  before_worker: string | null;
  after_worker: string | null;
  name: string | null;
  after_has_worker: boolean;
}

export const assetRoutes = () => [
  defineRoute(P.listPersonDevices, async ({ params }, { tx }) => {
    const p = await personOf(tx, params.personId);
    const day = todayInJapan();
    const rows = await sql<DeviceRow>`
      SELECT da.id, d.id AS device_id, d.name, d.genre, d.model, d.device_tag, d.serial_number, d.asset_tag, w.worker_type, da.assigned_on, da.returned_on,
        (da.returned_on IS NULL OR da.returned_on > ${day}::date) AS is_current
      FROM device_assignments da JOIN workers w ON w.id = da.worker_id JOIN devices d ON d.id = da.device_id
      WHERE w.person_id = ${p.id}
      ORDER BY (da.returned_on IS NULL OR da.returned_on > ${day}::date) DESC, da.assigned_on DESC, da.id`.execute(tx);
    return {
      items: rows.rows.map((r) => ({
        assignmentId: r.id,
        deviceId: r.device_id,
        name: r.name,
        genre: r.genre,
        model: r.model,
        deviceTag: r.device_tag,
        serialNumber: r.serial_number,
        assetTag: r.asset_tag,
        workerType: r.worker_type,
        assignedOn: r.assigned_on,
        returnedOn: r.returned_on,
        isCurrent: r.is_current,
      })),
    };
  }),

  defineRoute(P.getDeviceHolders, async ({ params }, { tx }) => {
    const d = (
      await sql<{ id: string; name: string; genre: string; model: string | null; device_tag: string | null; serial_number: string | null; asset_tag: string | null }>`
        SELECT id, name, genre, model, device_tag, serial_number, asset_tag FROM devices WHERE id = ${params.deviceId}`.execute(tx)
    ).rows[0];
    if (!d) throw notFound();
    const day = todayInJapan();
    const rows = await sql<{ id: string; person_id: string; person_name: string; worker_type: P.PersonDevice['workerType']; assigned_on: string; returned_on: string | null; is_current: boolean }>`
      SELECT da.id, p.id AS person_id, p.family_name || ' ' || p.given_name AS person_name, w.worker_type, da.assigned_on, da.returned_on,
        (da.returned_on IS NULL OR da.returned_on > ${day}::date) AS is_current
      FROM device_assignments da JOIN workers w ON w.id = da.worker_id JOIN people p ON p.id = w.person_id
      WHERE da.device_id = ${d.id} ORDER BY da.assigned_on DESC, da.id`.execute(tx);
    return {
      device: { deviceId: d.id, name: d.name, genre: d.genre, model: d.model, deviceTag: d.device_tag, serialNumber: d.serial_number, assetTag: d.asset_tag },
      items: rows.rows.map((r) => ({
        assignmentId: r.id,
        personId: r.person_id,
        personName: r.person_name,
        workerType: r.worker_type,
        assignedOn: r.assigned_on,
        returnedOn: r.returned_on,
        isCurrent: r.is_current,
      })),
    };
  }),

  defineRoute(P.listPersonEquipment, async ({ params }, { tx }) => {
    const p = await personOf(tx, params.personId);
    const workers = (await sql<{ id: string }>`SELECT id FROM workers WHERE person_id = ${p.id}`.execute(tx)).rows.map((w) => w.id);
    if (!workers.length) return { items: [] };
    const mine = new Set(workers);
    // Every change of a holder to or from one of the person's workers, in order per equipment.
    const changes = (
      await sql<HoldingChange>`SELECT * FROM equipment_holding_changes(${workers}::text[]) ORDER BY equipment_id, at, audit_id`.execute(tx)
    ).rows;
    interface Period {
      equipmentId: string;
      from: Date | null;
      to: Date | null;
      name: string | null;
    }
    const periods: Period[] = [];
    const open = new Map<string, Period>();
    for (const c of changes) {
      const ended = c.before_worker !== null && mine.has(c.before_worker) && (c.action === 'DELETE' || c.after_has_worker);
      if (ended) {
        const o = open.get(c.equipment_id) ?? { equipmentId: c.equipment_id, from: null, to: null, name: c.name };
        o.to = c.at;
        if (!open.has(c.equipment_id)) periods.push(o);
        open.delete(c.equipment_id);
      }
      if (c.action !== 'DELETE' && c.after_worker !== null && mine.has(c.after_worker)) {
        const o: Period = { equipmentId: c.equipment_id, from: c.at, to: null, name: c.name };
        periods.push(o);
        open.set(c.equipment_id, o);
      }
    }
    // Held today (also without a trail, e.g. rows older than it).
    const current = (
      await sql<{ id: string }>`SELECT id FROM equipment WHERE assigned_worker_id = ANY(${workers}::uuid[])`.execute(tx)
    ).rows.map((r) => r.id);
    for (const id of current) {
      if (!open.has(id)) {
        const o: Period = { equipmentId: id, from: null, to: null, name: null };
        periods.push(o);
        open.set(id, o);
      }
    }
    const ids = [...new Set(periods.map((x) => x.equipmentId))];
    const rows = (
      await sql<{ id: string; name: string; type_name: string | null; model: string | null; serial_number: string | null; asset_tag: string | null; assigned_worker_id: string | null }>`
        SELECT e.id, e.name, t.name AS type_name, e.model, e.serial_number, e.asset_tag, e.assigned_worker_id
        FROM equipment e LEFT JOIN equipment_types t ON t.id = e.equipment_type_id WHERE e.id = ANY(${ids}::uuid[])`.execute(tx)
    ).rows;
    const byId = new Map(rows.map((r) => [r.id, r]));
    const items = periods.map((x): P.PersonEquipment => {
      const e = byId.get(x.equipmentId);
      const held = x.to === null && !!e && e.assigned_worker_id !== null && mine.has(e.assigned_worker_id);
      return {
        rowId: `${x.equipmentId}:${x.from ? x.from.toISOString() : 'start'}`,
        equipmentId: x.equipmentId,
        name: e?.name ?? x.name ?? '',
        equipmentTypeName: e?.type_name ?? null,
        model: e?.model ?? null,
        serialNumber: e?.serial_number ?? null,
        assetTag: e?.asset_tag ?? null,
        from: iso(x.from),
        to: iso(x.to),
        isCurrent: held,
        exists: !!e,
      };
    });
    // Held today first, then the latest periods.
    items.sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent) || (b.to ?? b.from ?? '').localeCompare(a.to ?? a.from ?? '') || a.rowId.localeCompare(b.rowId));
    return { items };
  }),

  defineRoute(P.listFormerApps, async ({ params }, { tx }) => {
    const p = await personOf(tx, params.personId);
    const rows = await sql<{
      id: string;
      record_id: string;
      at: Date;
      action: 'DELETE' | 'UPDATE';
      integration_id: string | null;
      app_name: string | null;
      account: string | null;
      email: string | null;
    }>`
      SELECT a.id::text, a.record_id, a.at, a.action,
        coalesce(u.app_integration_id, (a.before ->> 'app_integration_id')::uuid) AS integration_id,
        i.name AS app_name,
        coalesce(u.display_name, u.user_name, a.before ->> 'display_name', a.before ->> 'user_name') AS account,
        coalesce(u.email, a.before ->> 'email') AS email
      FROM audit_log a
      LEFT JOIN app_users u ON u.id::text = a.record_id
      LEFT JOIN app_integrations i ON i.id = coalesce(u.app_integration_id, (a.before ->> 'app_integration_id')::uuid)
      WHERE a.table_name = 'app_users' AND a.action IN ('UPDATE', 'DELETE') AND (a.before ->> 'person_id') = ${p.id}::text
        -- Not linked to the person again since.
        AND (u.id IS NULL OR u.person_id IS DISTINCT FROM ${p.id}::uuid)
      ORDER BY a.at DESC, a.id DESC`.execute(tx);
    return {
      items: rows.rows.map((r) => ({
        rowId: r.id,
        appUserId: r.record_id,
        appIntegrationId: r.integration_id,
        appName: r.app_name,
        account: r.account,
        email: r.email,
        endedAt: iso(r.at)!,
        reason: r.action === 'DELETE' ? ('REMOVED' as const) : ('RELINKED' as const),
      })),
    };
  }),
];
