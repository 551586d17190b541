// The bench's data: 1000 equipment rows, deterministic, shaped as the list
// API returns them (ModuleRow, references as objects), and the grid columns
// of every equipment field as the console builds them (gridColumns).
import type { TFunction } from 'i18next';
import { type ModuleRow } from '../../src/api/modules/contracts.js';
import type { ModuleDef } from '../../src/api/modules/define.js';
import { equipment } from '../../src/api/modules/equipment.js';
import { gridColumns } from '../../src/panes/module/fields.js';
import type { GridColumn } from '../../src/tables/data-grid.js';

/** Every field of the equipment module plus created at: 25 columns. */
export const ALL_COLUMNS = [...Object.keys(equipment.fields), 'createdAt'];

export function benchColumns(t: TFunction, locale: string): GridColumn<ModuleRow>[] {
  const m = { ...equipment, list: { ...equipment.list, columns: ALL_COLUMNS } } as unknown as ModuleDef;
  return gridColumns(t, locale, m);
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const NAMES = ['ノートPC', 'モニター', 'ドッキングステーション', 'プリンター', 'スキャナー', 'ルーター', 'タブレット', 'スマートフォン', 'プロジェクター', 'ヘッドセット'];
const MAKERS = ['Lenovo', 'Dell', 'HP', 'Apple', 'Fujitsu', 'NEC', 'Panasonic', 'Canon', 'Brother', 'Sony'];
const PEOPLE = ['山田 花子', '佐藤 太郎', '鈴木 一郎', '高橋 美咲', '田中 健', '伊藤 さくら', '渡辺 翔', '中村 陽菜'];
const PLACES = ['本社 3F', '本社 5F 倉庫', '大阪支社', '名古屋営業所', '福岡オフィス', '在宅'];
const TYPES = ['PC', '周辺機器', 'ネットワーク機器', 'モバイル', 'AV機器'];

export function benchRows(n: number): ModuleRow[] {
  const r = rng(42);
  const pick = <T,>(a: readonly T[]) => a[Math.floor(r() * a.length)]!;
  const enumOf = (name: string) => {
    const f = equipment.fields[name as keyof typeof equipment.fields] as { values?: readonly string[] };
    return pick(f.values ?? ['']);
  };
  const day = (y0: number) => `${y0 + Math.floor(r() * 5)}-${String(1 + Math.floor(r() * 12)).padStart(2, '0')}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`;
  const rows: ModuleRow[] = [];
  for (let i = 0; i < n; i++) {
    const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    const type = pick(TYPES);
    const maker = pick(MAKERS);
    rows.push({
      id,
      createdAt: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString(),
      updatedAt: new Date(Date.UTC(2024, 6, 1) + i * 3_600_000).toISOString(),
      name: `${pick(NAMES)} ${maker} #${i + 1}`,
      equipmentTypeId: `t-${type}`,
      equipmentType: { id: `t-${type}`, name: type },
      equipmentItemId: `i-${i % 40}`,
      equipmentItem: { id: `i-${i % 40}`, name: `${maker} 品目 ${i % 40}` },
      model: `${maker}-${1000 + Math.floor(r() * 9000)}`,
      serialNumber: `SN${String(Math.floor(r() * 1e10)).padStart(10, '0')}`,
      assetTag: `AT-${String(i + 1).padStart(6, '0')}`,
      managementType: enumOf('managementType'),
      usageStatus: enumOf('usageStatus'),
      usagePurpose: enumOf('usagePurpose'),
      storageKind: enumOf('storageKind'),
      placementStatus: enumOf('placementStatus'),
      assignedWorkerId: `w-${i % 8}`,
      assignedPerson: { id: `w-${i % 8}`, name: PEOPLE[i % PEOPLE.length] },
      placementPlaceId: `p-${i % 6}`,
      assignedPlace: { id: `p-${i % 6}`, name: PLACES[i % PLACES.length] },
      deviceId: `d-${i}`,
      device: { id: `d-${i}`, name: `DEV-${String(i).padStart(5, '0')}` },
      purchaseDate: day(2019),
      purchasePrice: 10_000 + Math.floor(r() * 400_000),
      lendingStatus: enumOf('lendingStatus'),
      verificationResult: enumOf('verificationResult'),
      verificationMethod: enumOf('verificationMethod'),
      verifiedOn: day(2023),
      disposalMethod: r() < 0.2 ? enumOf('disposalMethod') : null,
      dataErasureMethod: r() < 0.2 ? enumOf('dataErasureMethod') : null,
      disposedOn: r() < 0.2 ? day(2024) : null,
      memo: r() < 0.5 ? `点検済み。${pick(PLACES)}から移設予定。付属品: 電源アダプター、ケーブル` : null,
    });
  }
  return rows;
}
