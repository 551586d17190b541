// Each change of a plan as a sentence, for the plan page's list of changes
// and the apply dialog (organization.actions.ts's apply command).
import type { PlanDetail } from '../../api/contracts/organization.js';

type T = (k: string, o?: Record<string, unknown>) => string;

export function changeLines(t: T, d: PlanDetail): string[] {
  const byId = new Map(d.units.map((u) => [u.id, u]));
  const top = t('organization:unit.top');
  const parentName = (id: string | null) => (id ? (byId.get(id)?.name ?? top) : top);
  const lines: string[] = [];
  for (const u of d.units) {
    const stale = u.baseChanged ? ` [${t('organization:plans.detail.stale')}]` : '';
    for (const mark of u.marks) {
      const vars = { name: u.name, parent: parentName(u.parentUnitId), before: u.before?.name ?? '', beforeParent: u.before?.parentName ?? top };
      lines.push(t(`organization:plans.change.${mark}`, vars) + stale);
    }
  }
  return lines;
}
