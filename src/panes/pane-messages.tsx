// Renders its children once the panes' messages are loaded (src/i18n.ts,
// paneMessages), showing `fallback` until then and while a lazy child loads:
// one Suspense boundary for both. Around every pane (the main and the side
// one), the palette, the shortcut sheet and the scanner: whatever shows the
// modules' words.
import { type ReactNode, Suspense, use } from 'react';
import { useTranslation } from 'react-i18next';
import { paneMessages } from '../i18n.js';

export function PaneMessages({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <Loaded>{children}</Loaded>
    </Suspense>
  );
}

function Loaded({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  use(paneMessages(i18n));
  return children;
}
