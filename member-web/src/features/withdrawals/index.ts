import { lazyPart } from '../../lib/lazy-part';

/**
 * What the app composes from this feature: the bilingual withdrawal GH notice, under the dashboard's
 * summary cards; its code is fetched once it first renders (lib/lazy-part.tsx; decision 0030).
 */
export const WithdrawalGhNotice = lazyPart(() => import('./components/gh-notice').then((m) => m.WithdrawalGhNotice));
