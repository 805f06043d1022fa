import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import './lib/i18n';
import { preloadRoute } from './app/routes';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/** Resolves once the browser has painted the current frame (a task queued from rAF runs after the paint). */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

// `/` and `/login` arrive prerendered (scripts/prerender.mjs): their markup is drawn before this
// runs, and is hydrated once the page's own chunk is here and the prerendered page has been
// painted (hydration is a long task; it must not hold the first paint back). Every other route
// starts empty.
const prerendered = container.hasChildNodes();
void Promise.all([
  preloadRoute(window.location.pathname).catch((error: unknown) => console.error('could not load the page', error)),
  prerendered ? afterPaint() : undefined,
]).then(() => {
  if (prerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
