import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { hydrationPlan } from './app/hydration';
import { preloadRoute } from './app/routes';
import { refuseSubmitsWhileOffline } from './lib/connection';
import { currentLanguage, i18nReady } from './lib/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Offline, no form sends anything (lib/connection.ts); the banner says why.
refuseSubmitsWhileOffline();

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// A prerendered shell (top bar + skeleton, app/shell/) is replaced by the route, never hydrated.
const plan = hydrationPlan({
  pathname: window.location.pathname,
  prerenderedIn:
    container.hasChildNodes() && container.dataset.shell === undefined ? (container.dataset.language ?? '') : undefined,
  language: currentLanguage(),
});

// Every route arrives with markup before this runs: its shell (the top bar and a skeleton, in the
// device's language), or, for `/` and `/login`, the whole page. `/` and `/login` arrive prerendered (scripts/prerender.mjs), in the language the server picked by
// the device's cookie: their markup is drawn before this runs. Nothing renders before the start
// language's texts and the route's code and catalogues are here; a prerendered page is hydrated
// once it has been painted (hydration is a long task; it must not hold the first paint back), the
// landing page only at the visitor's first interaction (app/hydration.ts). A page prerendered in
// another language than the device's (no cookie yet) is drawn anew instead, never hydrated onto
// mismatching text. Every other route's shell is replaced by the route's first render.
//
// A page drawn from scratch waits for its code first; meanwhile the browser loads the date formats'
// locale data (a one-off of tens of milliseconds), which would otherwise block the main thread when
// the first answer with a date is drawn.
if (!plan.hydrate) void import('./lib/format-date').then((dates) => dates.prepareDateFormats());

void Promise.all([
  i18nReady,
  preloadRoute(window.location.pathname).catch((error: unknown) => console.error('could not load the page', error)),
  plan.ready,
]).then(() => {
  // At the visitor's first interaction (the landing page) React hydrates at once, inside the event, so
  // the pressed control answers that very press. Otherwise nobody waits on the first render: it is a
  // transition, which React renders in slices of a few milliseconds between which the browser paints
  // and handles input, instead of one long task (decision 0030).
  if (plan.hydrate && plan.onInteraction) hydrateRoot(container, app);
  else if (plan.hydrate) startTransition(() => void hydrateRoot(container, app));
  else startTransition(() => createRoot(container).render(app));
  // The service worker once the page has drawn (its precache must not compete with the page's own loads).
  void import('./app/service-worker').then((worker) => worker.startServiceWorker());
});
