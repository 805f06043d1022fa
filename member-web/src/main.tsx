import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/routes';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// `/` and `/login` arrive prerendered (scripts/prerender.mjs): their markup is drawn before this
// runs, and is hydrated once the page's own chunk is here. Every other route starts empty.
void preloadRoute(window.location.pathname)
  .catch((error: unknown) => console.error('could not load the page', error))
  .then(() => {
    if (container.hasChildNodes()) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
