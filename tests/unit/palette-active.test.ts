// The palette's highlighted row when its results change under the user:
// record hits arrive after the keys that moved the highlight (a search
// answered late, or for an earlier query). Enter must run the row moved to.
import { describe, expect, it } from 'vitest';
import { activeRow, type RecordHit } from '../../src/commands/palette.js';

const hit = (id: string): RecordHit => ({ id, name: id, section: 'Apps', priority: 0, perform: () => {} });

describe('activeRow', () => {
  it('follows the item moved to when rows arrive above it', () => {
    const before = ['Commands', hit('roles'), hit('people')];
    const picked = { index: 2, id: 'people' };
    expect(activeRow(before, picked)).toBe(2);
    const after = ['Apps', hit('zoom'), hit('zoom-integration'), 'Commands', hit('roles'), hit('people')];
    expect(activeRow(after, picked)).toBe(5);
  });

  it('stays on the row when the item moved to has gone, on a selectable row', () => {
    const after = ['Commands', hit('roles'), 'Apps', hit('zoom')];
    // Row 2 is now a section title: the next selectable row.
    expect(activeRow(after, { index: 2, id: 'people' })).toBe(3);
    expect(activeRow(after, { index: 9, id: 'people' })).toBe(3);
  });

  it('is the first selectable row before any move', () => {
    expect(activeRow(['Apps', hit('zoom'), hit('x')], { index: -1, id: null })).toBe(1);
    expect(activeRow([], { index: -1, id: null })).toBe(0);
  });
});
