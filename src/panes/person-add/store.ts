// What the person-add commands reach on screen (the form's save, the HR
// preview's apply and reload), filled by the panes while they are mounted,
// as the custom-SaaS form does (src/panes/software/alerts-store.ts).
import { createStore } from '../store.js';

export const personAddForm = createStore<{ save: (() => void) | null }>({ save: null });
export const hrPreviewActions = createStore<{ apply: (() => void) | null; reload: (() => void) | null }>({ apply: null, reload: null });

export const HR_SYNC_KEY = 'hr-sync';
