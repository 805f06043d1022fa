/** What the app composes from this feature: the dashboard's logs and queue card. */
export { DashboardLogs } from './components/dashboard-logs';
export { QueueCard, type QueuePositions } from './components/queue-card';
