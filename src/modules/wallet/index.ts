/** The wallet context's public surface: withdrawals and the member's balances. */
export { WalletModule, WalletQueries } from './wallet.module';
export { RequestWithdrawalCommand } from './commands/request-withdrawal/request-withdrawal.command';
export { DecideWithdrawalCommand } from './commands/decide-withdrawal/decide-withdrawal.command';
export { WALLET_ACCOUNT, WALLET_OUTCOME } from './domain/withdrawal.events';
export type { WalletOutcome } from './domain/withdrawal.events';
export { withdrawalsProjection } from './projections/withdrawals.projection';
export {
  listWithdrawals,
  showWithdrawal,
  WITHDRAWALS_LIST,
  withdrawalToDecide,
} from './queries/withdrawals/withdrawals.query';
export { walletSummary } from './queries/wallet-summary/wallet-summary.query';
