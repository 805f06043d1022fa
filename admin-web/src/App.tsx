import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18nProvider';
import { SahyogLayout } from './Layout';
import { canEditPaymentOptions, canEditSettings, canSee } from './roles';
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

/** Resources are registered per role (src/roles.ts); the first one is the landing page. */
export const App = () => (
  <Admin
    title="Sahyog admin"
    dataProvider={dataProvider}
    authProvider={authProvider}
    i18nProvider={i18nProvider}
    theme={adminTheme}
    layout={SahyogLayout}
    requireAuth
    disableTelemetry
  >
    {(permissions) => (
      <>
        {canSee(permissions, 'members') ? <Resource name="members" {...members} recordRepresentation="name" /> : null}
        {canSee(permissions, 'events') ? <Resource name="events" {...events} /> : null}
        {canSee(permissions, 'epins') ? <Resource name="epins" {...epins} recordRepresentation="number" /> : null}
        {canSee(permissions, 'epin-requests') ? <Resource name="epin-requests" {...epinRequests} /> : null}
        {canSee(permissions, 'payment-orders') ? <Resource name="payment-orders" {...paymentOrders} /> : null}
        {canSee(permissions, 'payment-options') ? (
          <Resource
            name="payment-options"
            {...paymentOptions}
            recordRepresentation="Bank_Name"
            create={canEditPaymentOptions(permissions) ? paymentOptions.create : undefined}
            edit={canEditPaymentOptions(permissions) ? paymentOptions.edit : undefined}
          />
        ) : null}
        {canSee(permissions, 'help-requests') ? <Resource name="help-requests" {...helpRequests} /> : null}
        {canSee(permissions, 'level-income') ? <Resource name="level-income" {...levelIncome} /> : null}
        {canSee(permissions, 'settings') ? (
          <Resource name="settings" {...settings} edit={canEditSettings(permissions) ? settings.edit : undefined} />
        ) : null}
        {canSee(permissions, 'payment-double') ? <Resource name="payment-double" {...paymentDouble} /> : null}
        {canSee(permissions, 'queues') ? <Resource name="queues" {...queues} /> : null}
        {canSee(permissions, 'failed-jobs') ? <Resource name="failed-jobs" {...failedJobs} /> : null}
        {canSee(permissions, 'mails') ? <Resource name="mails" {...mails} recordRepresentation="subject" /> : null}
        {canSee(permissions, 'admin-users') ? <Resource name="admin-users" {...adminUsers} /> : null}
        {canSee(permissions, 'ledger') ? (
          <CustomRoutes>
            <Route path="/ledger" element={<LedgerVerify />} />
          </CustomRoutes>
        ) : null}
      </>
    )}
  </Admin>
);
