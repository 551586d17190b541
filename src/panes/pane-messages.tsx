// Renders its children once the panes' messages are loaded (src/i18n.ts,
// paneMessages): it suspends until then, the first time only. Around every
// pane (the main and the side one), the palette, the shortcut sheet and the
// scanner: whatever shows the modules' words.
import { type ReactNode, use } from 'react';
import { useTranslation } from 'react-i18next';
import { paneMessages } from '../i18n.js';

export function PaneMessages({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  use(paneMessages(i18n));
  return children;
}
