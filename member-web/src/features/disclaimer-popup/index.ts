import { lazyPart } from '../../lib/lazy-part';

/**
 * What the app composes from this feature: the disclaimer popup laid over the dashboard once its
 * summary is in; its code is fetched then (lib/lazy-part.tsx; decision 0030).
 */
export const DisclaimerPopup = lazyPart(() => import('./components/disclaimer-popup').then((m) => m.DisclaimerPopup));
