// The organisation as an accessible tree (WAI-ARIA tree view): role=tree,
// treeitems with aria-expanded / aria-level and groups of sub-units, one
// roving tabindex. Two layouts of the same markup (spec 4): `hierarchy`
// draws boxes with the sub-units laid out below as an org chart, `tree` an
// indented list; `compact` keeps only the names. The keys (arrows,
// Home/End, Enter, Shift+Enter) are commands of scope pane:org-tree
// (src/commands/organization.commands.ts) that move the DOM focus and use
// what this tree registers in org-store.
import './organization.css';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ViewMode } from '../../api/contracts/organization.js';
import { orgTrees } from './org-store.js';

export interface TreeNode {
  id: string;
  parentId: string | null;
  name: string;
  /** Words after the name (code, counts, marks): also part of the item's accessible name. */
  detail?: ReactNode;
  /** Shown only outside the compact view. */
  extra?: ReactNode;
  className?: string;
}

/** In the main pane a tree takes the focus once it has units, so the arrows work at once. */
export function useFocusTreeOnce(treeKey: string, ready: boolean) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !ready) return;
    done.current = true;
    const el = document.activeElement;
    if (!el || el === document.body || el.matches('main.content')) {
      document.querySelector<HTMLElement>(`main [data-tree-key="${treeKey}"] [role="treeitem"][tabindex="0"]`)?.focus();
    }
  }, [treeKey, ready]);
}

/** Units with sub-units start collapsed below this level. */
const OPEN_LEVELS = 3;

export function OrgTree({
  treeKey,
  nodes,
  label,
  viewMode,
  compact,
  onOpen,
  onOpenSide,
}: {
  treeKey: string;
  nodes: readonly TreeNode[];
  label: string;
  viewMode: ViewMode;
  compact: boolean;
  onOpen: (id: string) => void;
  onOpenSide?: (id: string) => void;
}) {
  const baseId = useId();
  const collapsed = orgTrees.useCollapsed(treeKey);
  const { roots, children } = useMemo(() => {
    const ids = new Set(nodes.map((n) => n.id));
    const children = new Map<string, TreeNode[]>();
    const roots: TreeNode[] = [];
    for (const n of nodes) {
      if (n.parentId && ids.has(n.parentId) && n.parentId !== n.id) children.set(n.parentId, [...(children.get(n.parentId) ?? []), n]);
      else roots.push(n);
    }
    return { roots, children };
  }, [nodes]);
  const [active, setActive] = useState<string | null>(null);
  const activeId = active && nodes.some((n) => n.id === active) ? active : (roots[0]?.id ?? null);

  // Deep levels start collapsed, once per tree (the user's choices are kept after that).
  const seeded = useRef(false);
  useEffect(() => {
    if (seeded.current || !nodes.length) return;
    seeded.current = true;
    const deep: string[] = [];
    const walk = (list: TreeNode[], level: number, seen: Set<string>) => {
      for (const n of list) {
        if (seen.has(n.id)) continue;
        seen.add(n.id);
        const kids = children.get(n.id) ?? [];
        if (kids.length && level >= OPEN_LEVELS && !orgTrees.isCollapsed(treeKey, n.id)) deep.push(n.id);
        walk(kids, level + 1, seen);
      }
    };
    walk(roots, 1, new Set());
    if (deep.length) orgTrees.setCollapsed(treeKey, deep, true);
  }, [nodes, roots, children, treeKey]);

  const openRef = useRef({ onOpen, onOpenSide, children });
  openRef.current = { onOpen, onOpenSide, children };
  useEffect(
    () =>
      orgTrees.register(treeKey, {
        open: (id) => openRef.current.onOpen(id),
        openSide: (id) => (openRef.current.onOpenSide ?? openRef.current.onOpen)(id),
        parents: () => [...openRef.current.children.keys()],
      }),
    [treeKey],
  );

  const item = (n: TreeNode, level: number, pos: number, size: number, seen: ReadonlySet<string>): ReactNode => {
    // A loop in the data never reaches the screen (the server refuses them).
    if (seen.has(n.id)) return null;
    const path = new Set(seen).add(n.id);
    const kids = children.get(n.id) ?? [];
    const open = kids.length > 0 && !collapsed.has(n.id);
    const nameId = `${baseId}-${n.id}-name`;
    const detailId = `${baseId}-${n.id}-detail`;
    return (
      <li
        key={n.id}
        role="treeitem"
        className={n.className}
        data-unit-id={n.id}
        aria-level={level}
        aria-posinset={pos}
        aria-setsize={size}
        aria-expanded={kids.length ? open : undefined}
        aria-labelledby={n.detail ? `${nameId} ${detailId}` : nameId}
        tabIndex={n.id === activeId ? 0 : -1}
        onFocus={(e) => {
          if (e.target === e.currentTarget) setActive(n.id);
        }}
        onClick={(e) => {
          e.stopPropagation();
          e.currentTarget.focus();
        }}
        onDoubleClick={(e) => {
          e.stopPropagation();
          onOpen(n.id);
        }}
      >
        <div className="org-node">
          <span className="org-line">
            {kids.length > 0 && (
              <span
                className="org-caret"
                aria-hidden="true"
                onClick={(e) => {
                  e.stopPropagation();
                  orgTrees.setCollapsed(treeKey, [n.id], open);
                }}
              >
                {open ? '▾' : '▸'}
              </span>
            )}
            <span id={nameId} className="org-name">
              {n.name}
            </span>
          </span>
          {n.detail && (
            <span id={detailId} className="org-detail">
              {n.detail}
            </span>
          )}
          {!compact && n.extra && <span className="org-extra">{n.extra}</span>}
        </div>
        {open && (
          <ul role="group">
            {kids.map((k, i) => item(k, level + 1, i + 1, kids.length, path))}
          </ul>
        )}
      </li>
    );
  };

  return (
    <div className="org-scroll">
      <ul role="tree" aria-label={label} className={`org-tree ${viewMode}${compact ? ' compact' : ''}`} data-scope="pane:org-tree" data-tree-key={treeKey}>
        {roots.map((n, i) => item(n, 1, i + 1, roots.length, new Set()))}
      </ul>
    </div>
  );
}
