import type { RouteObject } from 'react-router-dom';
import { MyWalletPage, MyWithdrawalsPage, RequestPayoutPage } from './components/wallet-sample-pages';
import { WithdrawalHistoryPage } from './components/withdrawal-history-page';
import { WithdrawalPage } from './components/withdrawal-page';

/** The money screens (member routes, under the member layout). */
export const withdrawalRoutes: RouteObject[] = [
  { path: '/Withdrawal', element: <WithdrawalPage /> },
  { path: '/WithdrawalHistory', element: <WithdrawalHistoryPage /> },
  { path: '/MyWallet', element: <MyWalletPage /> },
  { path: '/mywithdrawals', element: <MyWithdrawalsPage /> },
  { path: '/requestpayout', element: <RequestPayoutPage /> },
];
