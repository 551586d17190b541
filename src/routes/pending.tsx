// When a page shows that it is loading (spec 9: router pending delay 200 ms,
// minimum pending time 0). One delay for both ways a page waits: the router's
// own (beforeLoad) and a pane's Suspense boundary (its lazy chunk, the panes'
// messages), so a quick load shows nothing instead of a flash of "Loading".
import { useEffect, useState } from 'react';
import { PendingScreen } from '../panes/screens.js';

export const PENDING_MS = 200;
export const PENDING_MIN_MS = 0;

/** A Suspense fallback: nothing for the first `PENDING_MS`, then the pending screen. */
export function DelayedPendingScreen({ delayMs = PENDING_MS }: { delayMs?: number }) {
  const [shown, setShown] = useState(delayMs <= 0);
  useEffect(() => {
    if (shown) return;
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs, shown]);
  return shown ? <PendingScreen /> : null;
}
