import { lazyPart } from '../../lib/lazy-part';

/**
 * What the app composes from this feature: the dashboard's logs and queue card. Both sit below the
 * dashboard's summary cards, so their code is a chunk of its own, fetched once they first render
 * (lib/lazy-part.tsx; decision 0030).
 */
export const DashboardLogs = lazyPart(() => import('./components/dashboard-logs').then((m) => m.DashboardLogs));
export const QueueCard = lazyPart(() => import('./components/queue-card').then((m) => m.QueueCard));
export type { QueuePositions } from './components/queue-card';
