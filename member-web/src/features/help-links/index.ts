import { lazyPart } from '../../lib/lazy-part';

/**
 * What the app composes from this feature: the dashboard's "needs you now" panel, logs and queue
 * card. Each is a chunk of its own, fetched once it first renders (lib/lazy-part.tsx; decision
 * 0030); the lists they share are loaded by `useDashboardLinks` (small, in the dashboard's chunk),
 * so the calls start with the dashboard's, not after a chunk.
 */
export const NeedsYou = lazyPart(() => import('./components/needs-you').then((m) => m.NeedsYou));
export const DashboardLogs = lazyPart(() => import('./components/dashboard-logs').then((m) => m.DashboardLogs));
export const QueueCard = lazyPart(() => import('./components/queue-card').then((m) => m.QueueCard));
export { useDashboardLinks, type DashboardLinks } from './components/dashboard-links';
export type { QueuePositions } from './components/queue-card';
