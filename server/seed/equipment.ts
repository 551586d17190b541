// Demo equipment: places, devices, equipment types and items, and equipment
// assigned to workers, deterministic for one seed. Called by seedDemo inside
// its transaction (as daicho_app, scoped to the demo organisation).
import { sql } from 'kysely';
import { USAGE_STATUS } from '../../src/api/modules/equipment.js';
import type { Tx } from '../db/tenant.js';

const PLACES = [
  ['TKY-HQ', '東京本社'],
  ['OSK-01', '大阪支社'],
  ['NGY-01', '名古屋営業所'],
  ['FUK-01', '福岡営業所'],
  ['WH-01', '川崎倉庫'],
] as const;
const TYPES = [
  ['事務机', 'DESK'],
  ['椅子', 'CHAIR'],
  ['プロジェクター', 'PROJECTOR'],
  ['複合機', 'MFP'],
] as const;
const ITEMS = [
  ['昇降デスク 1400', 'DESK-1400', 0],
  ['固定デスク 1200', 'DESK-1200', 0],
  ['オフィスチェア', 'CHAIR-STD', 1],
  ['会議室チェア', 'CHAIR-MTG', 1],
  ['ポータブルプロジェクター', 'PJ-PORT', 2],
  ['A3 カラー複合機', 'MFP-A3', 3],
] as const;

/** A small deterministic generator (mulberry32). */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function seedEquipment(tx: Tx, orgId: string, seed: number, count = 120): Promise<void> {
  const random = rng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const places = await sql<{ id: string }>`INSERT INTO places (org_id, code, name)
    SELECT ${orgId}, code, name FROM unnest(${PLACES.map((p) => p[0])}::text[], ${PLACES.map((p) => p[1])}::text[]) AS t(code, name) RETURNING id`.execute(tx);
  await sql`INSERT INTO devices (org_id, name, genre, model, device_tag, serial_number)
    SELECT ${orgId}, 'ノート PC ' || n, 'laptop', 'ThinkPad X1', 'DEV-' || lpad(n::text, 4, '0'), 'SN-PC-' || lpad(n::text, 6, '0') FROM generate_series(1, 10) n`.execute(tx);
  const types = await sql<{ id: string }>`INSERT INTO equipment_types (org_id, name, code, display_order)
    SELECT ${orgId}, name, code, ord FROM unnest(${TYPES.map((x) => x[0])}::text[], ${TYPES.map((x) => x[1])}::text[]) WITH ORDINALITY AS t(name, code, ord) ORDER BY ord RETURNING id`.execute(tx);
  const typeIds = types.rows.map((r) => r.id);
  const items = await sql<{ id: string; equipment_type_id: string }>`INSERT INTO equipment_items (org_id, name, code, equipment_type_id, display_order)
    SELECT ${orgId}, name, code, tid::uuid, ord FROM unnest(${ITEMS.map((x) => x[0])}::text[], ${ITEMS.map((x) => x[1])}::text[], ${ITEMS.map((x) => typeIds[x[2]]!)}::text[]) WITH ORDINALITY AS t(name, code, tid, ord)
    ORDER BY ord RETURNING id, equipment_type_id`.execute(tx);
  const workers = await sql<{ id: string }>`SELECT id FROM workers WHERE ended_on IS NULL ORDER BY worker_number`.execute(tx);
  const placeIds = places.rows.map((r) => r.id);
  const rows = Array.from({ length: count }, (_, i) => {
    const itemIndex = Math.floor(random() * items.rows.length);
    const item = items.rows[itemIndex]!;
    const status = i % 17 === 0 ? 'DISPOSED' : i % 11 === 0 ? 'STORED' : pick(USAGE_STATUS.filter((s) => s !== 'DISPOSED'));
    const pending = status !== 'DISPOSED' && i % 13 === 0;
    const day = String(1 + (i % 28)).padStart(2, '0');
    return {
      name: `${ITEMS[itemIndex]?.[0] ?? '備品'} #${String(i + 1).padStart(3, '0')}`,
      type: item.equipment_type_id,
      item: item.id,
      serial: `EQ-SN-${String(100000 + i)}`,
      tag: `GA-${String(i + 1).padStart(5, '0')}`,
      status,
      placement: status === 'DISPOSED' ? 'NOT_PLACED' : pending ? 'TO_BE_DISPOSED' : status === 'STORED' ? 'STORED' : 'IN_USE',
      worker: status === 'IN_USE' && workers.rows.length ? pick(workers.rows).id : null,
      place: pick(placeIds),
      date: `${2020 + (i % 6)}-${String(1 + (i % 12)).padStart(2, '0')}-${day}`,
      price: 10000 + Math.floor(random() * 200) * 1000,
    };
  });
  const col = <K extends keyof (typeof rows)[number]>(k: K) => rows.map((r) => r[k]);
  await sql`INSERT INTO equipment (org_id, name, equipment_type_id, equipment_item_id, model, serial_number, asset_tag, management_type,
      usage_status, placement_status, assigned_worker_id, placement_place_id, purchase_date, purchase_price)
    SELECT ${orgId}, name, type::uuid, item::uuid, 'STD-2024', serial, tag, 'INVENTORY_MANAGEMENT', status, placement, worker::uuid, place::uuid, d::date, price
    FROM unnest(${col('name')}::text[], ${col('type')}::text[], ${col('item')}::text[], ${col('serial')}::text[], ${col('tag')}::text[],
      ${col('status')}::text[], ${col('placement')}::text[], ${col('worker')}::text[], ${col('place')}::text[], ${col('date')}::text[], ${col('price')}::int[])
      WITH ORDINALITY AS t(name, type, item, serial, tag, status, placement, worker, place, d, price, ord)
    ORDER BY ord`.execute(tx);
}
