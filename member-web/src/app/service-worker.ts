import { noteDeviceLanguage } from '../lib/device-language';
import { currentLanguage, i18n } from '../lib/i18n';

/**
 * Registers member-web's service worker (src/sw.ts, built to /sw.js; decision 0040) from the app's
 * own code: the CSP allows no inline script, so nothing in the HTML does it. main.tsx imports this
 * chunk once the page has drawn, and the worker is registered after the window's `load` event, so
 * its precache (every route's code) downloads after the page's own files and answers, never before
 * them. A new version installs in the background and takes over at the app's next start (the
 * worker does not skip waiting): no tab ever runs half of one build and half of another.
 *
 * It also notes the device's language for the worker (lib/device-language.ts), now and at each switch.
 */
export const SERVICE_WORKER_URL = '/sw.js';

export function startServiceWorker(): void {
  void noteDeviceLanguage(currentLanguage());
  i18n.on('languageChanged', (language: string) => void noteDeviceLanguage(language));
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const register = () => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: '/' })
      .catch((error: unknown) => console.error('could not register the service worker', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
