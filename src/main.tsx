// Entry point of the console. Foundation II (the route tree, palette, panes
// and grid) builds on this; until then the page says plainly what exists.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.js';

const root = document.getElementById('root');
if (!root) throw new Error('Root element not found');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
