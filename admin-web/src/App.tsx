import { useState, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AnnouncementIcon from '@mui/icons-material/Announcement';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import FlagIcon from '@mui/icons-material/Flag';
import ForumIcon from '@mui/icons-material/Forum';
import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import MailIcon from '@mui/icons-material/Mail';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import QueueIcon from '@mui/icons-material/Queue';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ScienceIcon from '@mui/icons-material/Science';
import SupportIcon from '@mui/icons-material/Support';
import TuneIcon from '@mui/icons-material/Tune';
import VerifiedIcon from '@mui/icons-material/Verified';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { authProvider, TOTP_PATH } from './authProvider';
import { createQueryClient } from './queryClient';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18nProvider';
import { SahyogLayout } from './Layout';
import { SahyogLoginPage } from './branding/SahyogLoginPage';
import { canSee, canWrite, resourcesFor, type ResourceName } from './resources';
import { adminTheme } from './theme';
import { PASSWORD_PAGE } from './session';
import { lazyPage, lazyResource } from './lazyResource';

// Split by resource: each resource's views (and the ledger page) are fetched the first time they
// are shown; react-admin and the menu only need to know which views exist and each icon.
const members = lazyResource(() => import('./members'), ['list', 'show'], PeopleIcon);
const events = lazyResource(() => import('./events'), ['list', 'show'], ReceiptLongIcon);
const mails = lazyResource(() => import('./mails'), ['list', 'show'], MailIcon);
const adminUsers = lazyResource(() => import('./admin-users'), ['list', 'create', 'edit'], AdminPanelSettingsIcon);
const epins = lazyResource(() => import('./epins'), ['list'], ConfirmationNumberIcon);
const helpRequests = lazyResource(() => import('./help-requests'), ['list', 'show'], SupportIcon);
const levelIncome = lazyResource(() => import('./level-income'), ['list'], AccountTreeIcon);
const settings = lazyResource(() => import('./settings'), ['list', 'edit'], TuneIcon);
const epinRequests = lazyResource(() => import('./epin-requests'), ['list', 'show'], ReceiptLongIcon);
const paymentOrders = lazyResource(() => import('./payment-orders'), ['list', 'show'], CurrencyExchangeIcon);
const paymentOptions = lazyResource(() => import('./payment-options'), ['list', 'create', 'edit'], AccountBalanceIcon);
const paymentDouble = lazyResource(() => import('./payment-double'), ['list'], ScienceIcon);
const queues = lazyResource(() => import('./queues'), ['list'], QueueIcon);
const failedJobs = lazyResource(() => import('./failed-jobs'), ['list'], ErrorOutlineIcon);
const queueEntries = lazyResource(() => import('./queue-entries'), ['list'], HourglassBottomIcon);
const helpLinks = lazyResource(() => import('./help-links'), ['list', 'show', 'create'], CompareArrowsIcon);
const withdrawals = lazyResource(() => import('./withdrawals'), ['list', 'show'], PaymentsIcon);
const flaggedUtrs = lazyResource(() => import('./flagged-utrs'), ['list'], FlagIcon);
const tickets = lazyResource(() => import('./tickets'), ['list', 'show'], ForumIcon);
const news = lazyResource(() => import('./news'), ['list', 'create', 'edit'], AnnouncementIcon);
const fourEyes = lazyResource(() => import('./four-eyes'), ['list', 'show'], VerifiedIcon);
const LedgerVerify = lazyPage(() => import('./ledger/LedgerVerify').then((m) => m.LedgerVerify));
const ChangePasswordPage = lazyPage(() => import('./password/ChangePasswordPage').then((m) => m.ChangePasswordPage));
const TotpPage = lazyPage(() => import('./totp/TotpPage').then((m) => m.TotpPage));
// The home page: "To do" for approvers and superadmins, the first list for the other roles (issue 20 §10).
const TodoView = lazyPage(() => import('./todo/TodoPage').then((m) => m.TodoPage));
const TodoPage = () => <TodoView />;

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
  tickets,
  news,
  'level-income': levelIncome,
  settings,
  'payment-double': paymentDouble,
  queues,
  'failed-jobs': failedJobs,
  mails,
  'admin-users': adminUsers,
  'four-eyes': fourEyes,
};

/**
 * Resources are registered per role from the table in src/resources.ts. The landing page is To do
 * for approvers and superadmins, and the role's first resource for the others (src/todo/TodoPage.tsx).
 */
export const App = () => <AdminApp queryClient={useState(createQueryClient)[0]} />;

const AdminApp = ({ queryClient }: { queryClient: QueryClient }) => (
  <Admin
    title="Sahyog admin"
    dataProvider={dataProvider}
    authProvider={authProvider}
    queryClient={queryClient}
    i18nProvider={i18nProvider}
    theme={adminTheme}
    layout={SahyogLayout}
    dashboard={TodoPage}
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
        {/* Every admin's own password change (where a one-time password takes the admin, decision 0032) and
            two-step sign-in (the user menu's entry; where enrolment is required, the landing page). */}
        <CustomRoutes>
          <Route path={PASSWORD_PAGE} element={<ChangePasswordPage />} />
          <Route path={TOTP_PATH} element={<TotpPage />} />
        </CustomRoutes>
        {canSee(permissions, 'ledger') ? (
          <CustomRoutes>
            <Route path="/ledger" element={<LedgerVerify />} />
          </CustomRoutes>
        ) : null}
      </>
    )}
  </Admin>
);
