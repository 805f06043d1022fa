/**
 * The device's language where member-web's service worker can read it (src/sw.ts): a worker has no
 * access to the `sahyog.language` cookie the server goes by, so the app keeps a copy in Cache
 * Storage, and the worker answers a navigation with the page prerendered in that language.
 */
export const DEVICE_CACHE = 'sahyog-device';
export const DEVICE_LANGUAGE_URL = '/__device/language';

/** Notes `language` for the service worker (nothing when Cache Storage is unavailable). */
export async function noteDeviceLanguage(language: string): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const cache = await caches.open(DEVICE_CACHE);
    await cache.put(DEVICE_LANGUAGE_URL, new Response(language, { headers: { 'Content-Type': 'text/plain' } }));
  } catch {
    // Private modes may refuse storage: the worker then answers in English and the app redraws in the device's language.
  }
}
