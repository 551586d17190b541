// Which path a pane shows: the router's location in the main pane, the side
// pane's own href beside it. Panes read their params through this, so one
// pane component works in both places.
import { useLocation } from '@tanstack/react-router';
import { createContext, useContext } from 'react';

export const PanePathContext = createContext<string | null>(null);

/** The pane's pathname and whether it is the side pane. */
export function usePanePath(): { pathname: string; side: boolean } {
  const side = useContext(PanePathContext);
  const location = useLocation();
  return side ? { pathname: side.split('?')[0] ?? side, side: true } : { pathname: location.pathname, side: false };
}

/** Params of a catalogue path ('/equipment/$id') read from the pane's pathname. */
export function usePaneParams(pattern: string): Record<string, string> {
  const { pathname } = usePanePath();
  const names: string[] = [];
  const re = new RegExp(`^${pattern.replace(/\$(\w+)/g, (_, n: string) => (names.push(n), '([^/]+)'))}$`);
  const m = pathname.match(re);
  return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m?.[i + 1] ?? '')]));
}
