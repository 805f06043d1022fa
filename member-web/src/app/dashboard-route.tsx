import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { DisclaimerPopup } from '../features/disclaimer-popup/components/disclaimer-popup';

/** The dashboard with the disclaimer popup laid over it (two features composed here, not in each other). */
export function DashboardRoute() {
  return <DashboardPage overlay={(summary) => <DisclaimerPopup uid={summary.uid} isagree={summary.isagree} />} />;
}
