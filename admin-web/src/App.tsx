import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import MailIcon from '@mui/icons-material/Mail';
import PeopleIcon from '@mui/icons-material/People';
import QueueIcon from '@mui/icons-material/Queue';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ScienceIcon from '@mui/icons-material/Science';
import SupportIcon from '@mui/icons-material/Support';
import TuneIcon from '@mui/icons-material/Tune';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18nProvider';
import { SahyogLayout } from './Layout';
import { canEditPaymentOptions, canEditSettings, canSee } from './roles';
import { adminTheme } from './theme';
import { lazyPage, lazyResource } from './lazyResource';

// Split by resource: each resource's views (and the ledger page) are fetched the first time they
// are shown; the menu only needs each resource's icon.
const members = lazyResource(() => import('./members'), ['list', 'show'], PeopleIcon);
const events = lazyResource(() => import('./events'), ['list', 'show'], ReceiptLongIcon);
const mails = lazyResource(() => import('./mails'), ['list', 'show'], MailIcon);
const adminUsers = lazyResource(() => import('./admin-users'), ['list', 'create', 'edit'], AdminPanelSettingsIcon);
const epins = lazyResource(() => import('./epins'), ['list'], ConfirmationNumberIcon);
const helpRequests = lazyResource(() => import('./help-requests'), ['list'], SupportIcon);
const levelIncome = lazyResource(() => import('./level-income'), ['list'], AccountTreeIcon);
const settings = lazyResource(() => import('./settings'), ['list', 'edit'], TuneIcon);
const epinRequests = lazyResource(() => import('./epin-requests'), ['list', 'show'], ReceiptLongIcon);
const paymentOrders = lazyResource(() => import('./payment-orders'), ['list', 'show'], CurrencyExchangeIcon);
const paymentOptions = lazyResource(() => import('./payment-options'), ['list', 'create', 'edit'], AccountBalanceIcon);
const paymentDouble = lazyResource(() => import('./payment-double'), ['list'], ScienceIcon);
const queues = lazyResource(() => import('./queues'), ['list'], QueueIcon);
const failedJobs = lazyResource(() => import('./failed-jobs'), ['list'], ErrorOutlineIcon);
const LedgerVerify = lazyPage(() => import('./ledger/LedgerVerify').then((m) => m.LedgerVerify));

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
