/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { shellFileFor, shellPath } from './app/shell/shell-files';
import { DEVICE_CACHE, DEVICE_LANGUAGE_URL } from './lib/device-language';

/**
 * member-web's service worker (issue 20, decision 0040).
 *
 * - Precaches the build: every hashed chunk (each route's code and catalogue), the prerendered
 *   pages and shells in every language, the icons and the manifest. The list is injected by
 *   scripts/prerender.mjs (workbox-build) as `self.__WB_MANIFEST`; a new build is a new list.
 * - Answers a navigation with the route's prerendered page or shell from that precache, in the
 *   device's language (which the app notes in the cache `sahyog-device`, since a worker cannot read
 *   the cookie the server goes by): the top bar and skeleton draw at once, online or not, and the
 *   page names exactly the chunks this worker holds (never half of one build, half of another).
 * - Nothing of /api is cached here: figures come from the network; the app keeps the member's last
 *   ones itself (lib/last-figures.ts) and marks them with their time.
 * - No skipWaiting: a new version installs in the background and takes over when no tab of the old
 *   one is open any more, i.e. at the app's next start. The first worker (no old one) takes the
 *   open tabs at once (clientsClaim), so the visit that installed it already works offline.
 */
declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

async function deviceLanguage(): Promise<string> {
  try {
    const cache = await caches.open(DEVICE_CACHE);
    const answer = await cache.match(DEVICE_LANGUAGE_URL);
    const language = answer ? (await answer.text()).trim() : '';
    return /^[a-z]{2}$/.test(language) ? language : 'en';
  } catch {
    return 'en';
  }
}

registerRoute(
  new NavigationRoute(
    async ({ request, url }) => {
      const shell = shellFileFor(url.pathname);
      const language = await deviceLanguage();
      const page = (await matchPrecache(shellPath(shell, language))) ?? (await matchPrecache(shellPath(shell, 'en')));
      return page ?? fetch(request);
    },
    // The API and admin-web are not member-web's pages.
    { denylist: [/^\/api(\/|$)/, /^\/admin(\/|$)/, /^\/admin-api(\/|$)/] },
  ),
);
