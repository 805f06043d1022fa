import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { DisclaimerPopup } from '../features/disclaimer-popup';
import { EpinWaysPart } from '../features/epins';
import { DashboardLogs, NeedsYou, QueueCard, useDashboardLinks } from '../features/help-links';
import { WithdrawalGhNotice } from '../features/withdrawals';

/**
 * The dashboard with the disclaimer popup laid over it, the help links that need the member now at
 * its top, and under its summary the withdrawal GH notice, the help queue card and the PH/GH logs
 * (features composed here, not in each other). The open help links are read once and shared by the
 * top panel and the logs. The 'Insufficient Epin !!' alert lists the ways to get one (issue 20 §4). All but the dashboard itself are lazy parts (each feature's index.ts): the
 * first paint does not wait for their code (decision 0030).
 */
export function DashboardRoute() {
  const links = useDashboardLinks();
  return (
    <DashboardPage
      overlay={(summary) => <DisclaimerPopup uid={summary.uid} isagree={summary.isagree} />}
      urgent={<NeedsYou links={links} />}
      noEpinHelp={<EpinWaysPart />}
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
          <DashboardLogs links={links} />
        </>
      )}
    />
  );
}
