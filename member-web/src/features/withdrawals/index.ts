/** What the app composes from this feature: the bilingual withdrawal GH notice. */
export { WithdrawalGhNotice } from './components/gh-notice';
