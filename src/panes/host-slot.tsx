// Places an element that React renders into through a portal (a `host`)
// inside this slot's markup. Moving the host from one slot to another keeps
// what is rendered in it mounted. The focus inside it, which the move drops
// (the old slot leaves the page with the host in it), is put back.
import { useCallback } from 'react';

/** The element last focused inside each host. */
const lastFocused = new WeakMap<HTMLElement, HTMLElement>();
const tracked = new WeakSet<HTMLElement>();

function track(host: HTMLElement) {
  if (tracked.has(host)) return;
  tracked.add(host);
  host.addEventListener('focusin', (e) => {
    if (e.target instanceof HTMLElement) lastFocused.set(host, e.target);
  });
}

export function HostSlot({ host }: { host: HTMLElement }) {
  const ref = useCallback(
    (slot: HTMLDivElement | null) => {
      if (!slot) return;
      track(host);
      if (host.parentNode === slot) return;
      slot.append(host);
      const was = lastFocused.get(host);
      const lost = !document.activeElement || document.activeElement === document.body;
      if (lost && was && host.contains(was)) was.focus({ preventScroll: true });
    },
    [host],
  );
  return <div ref={ref} className="host-slot" />;
}
