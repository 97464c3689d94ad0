// First: before any zod module loads, so no page of the app asks the CSP for eval.
import './shared/csp/zod-jitless';
// Mantine's global parts; each component's styles come with the component, in the chunk that
// uses it (vite-mantine-css.ts), so the first paint waits only for what the first page shows.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/notifications/styles.layer.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './shared/i18n/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('missing #root');

// Texts first, so the first paint is already in the reader's language.
void initI18n().then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
