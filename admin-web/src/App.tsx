import type { ComponentType } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18nProvider';
import { SahyogLayout } from './Layout';
import { SahyogLoginPage } from './branding/SahyogLoginPage';
import { canSee, canWrite, resourcesFor, type ResourceName } from './resources';
import { adminTheme } from './theme';
import { LedgerVerify } from './ledger/LedgerVerify';
import members from './members';
import events from './events';
import mails from './mails';
import adminUsers from './admin-users';
import epins from './epins';
import helpRequests from './help-requests';
import levelIncome from './level-income';
import settings from './settings';
import epinRequests from './epin-requests';
import paymentOrders from './payment-orders';
import paymentOptions from './payment-options';
import paymentDouble from './payment-double';
import queues from './queues';
import failedJobs from './failed-jobs';
import queueEntries from './queue-entries';
import helpLinks from './help-links';
import withdrawals from './withdrawals';
import flaggedUtrs from './flagged-utrs';

interface ResourceModule {
  list?: ComponentType;
  show?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  icon?: ComponentType;
}

/** The views of each resource of src/resources.ts (which role sees what is decided there). */
const MODULES: Record<ResourceName, ResourceModule> = {
  members,
  events,
  epins,
  'epin-requests': epinRequests,
  'payment-orders': paymentOrders,
  'payment-options': paymentOptions,
  'help-requests': helpRequests,
  'queue-entries': queueEntries,
  'help-links': helpLinks,
  withdrawals,
  'flagged-utrs': flaggedUtrs,
  'level-income': levelIncome,
  settings,
  'payment-double': paymentDouble,
  queues,
  'failed-jobs': failedJobs,
  mails,
  'admin-users': adminUsers,
};

/** Resources are registered per role from the table in src/resources.ts; the first one is the landing page. */
export const App = () => (
  <Admin
    title="Sahyog admin"
    dataProvider={dataProvider}
    authProvider={authProvider}
    i18nProvider={i18nProvider}
    theme={adminTheme}
    layout={SahyogLayout}
    loginPage={SahyogLoginPage}
    requireAuth
    disableTelemetry
  >
    {(permissions) => (
      <>
        {resourcesFor(permissions).map(({ name, recordRepresentation }) => {
          const views = MODULES[name];
          const writable = canWrite(permissions, name);
          return (
            <Resource
              key={name}
              name={name}
              {...views}
              recordRepresentation={recordRepresentation}
              create={writable ? views.create : undefined}
              edit={writable ? views.edit : undefined}
            />
          );
        })}
        {canSee(permissions, 'ledger') ? (
          <CustomRoutes>
            <Route path="/ledger" element={<LedgerVerify />} />
          </CustomRoutes>
        ) : null}
      </>
    )}
  </Admin>
);
