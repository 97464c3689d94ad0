// First: before any zod module loads, so no page of the app asks the CSP for eval.
import './shared/csp/zod-jitless';
// Mantine's global parts; each component's styles come with the component, in the chunk that
// uses it (vite-mantine-css.ts), so the first paint waits only for what the first page shows.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/notifications/styles.layer.css';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadRoutePage } from './app/router';
import { initI18n } from './shared/i18n/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('missing #root');

// Texts and the opened page's chunk first: until then the boot shell (index.html, src/boot)
// shows the page's first viewport, and React's first commit replaces it with the page itself.
// A page chunk that fails to load is left to the router, which shows its error.
void Promise.all([initI18n(), preloadRoutePage(window.location.pathname).catch(() => undefined)]).then(() => {
  const root = createRoot(container);
  // A transition: React renders the first page in slices, yielding to the browser between
  // them, so a slow phone stays responsive while it renders (Lighthouse's Total Blocking Time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
