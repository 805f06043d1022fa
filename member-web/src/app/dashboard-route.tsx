import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { DisclaimerPopup } from '../features/disclaimer-popup';
import { DashboardLogs, QueueCard } from '../features/help-links';
import { WithdrawalGhNotice } from '../features/withdrawals';

/**
 * The dashboard with the disclaimer popup laid over it, and under its summary the withdrawal GH
 * notice, the help queue card and the PH/GH logs (features composed here, not in each other).
 * All but the dashboard itself are lazy parts (each feature's index.ts): the first paint does not
 * wait for their code (decision 0030).
 */
export function DashboardRoute() {
  return (
    <DashboardPage
      overlay={(summary) => <DisclaimerPopup uid={summary.uid} isagree={summary.isagree} />}
      sections={(summary) => (
        <>
          <WithdrawalGhNotice />
          <QueueCard
            positions={{
              ph: summary.myPhQueuePosition,
              gh: summary.myGhQueuePosition,
              phRupees: summary.myPhQueueRupees,
              ghRupees: summary.myGhQueueRupees,
            }}
          />
          <DashboardLogs />
        </>
      )}
    />
  );
}
