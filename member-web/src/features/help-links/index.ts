/** What the app composes from this feature: its routes and the dashboard's logs and queue card. */
export { helpLinkRoutes } from './routes';
export { DashboardLogs } from './components/dashboard-logs';
export { QueueCard, type QueuePositions } from './components/queue-card';
