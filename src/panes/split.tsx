// The workspace's two panes side by side (allotment), loaded after the
// first paint: until it is here, the main pane shows alone (SplitFallback).
// The main pane's content is not a child of either: it lives in one element
// (`host`), rendered through a portal, which each of them takes into its own
// markup. The content therefore stays mounted, with its state, scroll and
// focus, when the split arrives.
import { Allotment } from 'allotment';
import 'allotment/dist/style.css';
import type { ReactNode } from 'react';
import { HostSlot } from './host-slot.js';

export interface SplitProps {
  host: HTMLElement;
  side: ReactNode;
  sideVisible: boolean;
  sizes: number[] | null;
  onSizes: (sizes: number[]) => void;
}

export default function Split({ host, side, sideVisible, sizes, onSizes }: SplitProps) {
  return (
    <Allotment defaultSizes={sizes ?? undefined} onChange={onSizes}>
      <Allotment.Pane minSize={320}>
        <HostSlot host={host} />
      </Allotment.Pane>
      <Allotment.Pane visible={sideVisible} preferredSize="40%" minSize={280}>
        {side}
      </Allotment.Pane>
    </Allotment>
  );
}
