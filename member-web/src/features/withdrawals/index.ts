/** What the app composes from this feature: its routes and the bilingual withdrawal GH notice. */
export { withdrawalRoutes } from './routes';
export { WithdrawalGhNotice } from './components/gh-notice';
