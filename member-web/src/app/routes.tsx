import type { ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { preloadAllParts } from '../lib/lazy-part';
import { lazyPage, type LazyPage } from './lazy-page';
import { RequireSession } from './require-session';

// One chunk per screen (or per file of sibling screens): a visitor downloads the code of the
// screens they open, not of all of them. The guard stays in the entry chunk; the member layout and
// Not Found are chunks of their own too (their AppBar, Toolbar and Stack are not in the landing
// page's first load).
//
// A page of `features/<area>/` reads the i18n namespace `<area>` (and `common`, always loaded):
// `inFeature(area)` loads that catalogue with the page's code (app/lazy-page.tsx). The dashboard
// composes four features (app/dashboard-route.tsx) and loads their four catalogues.
const inFeature =
  (area: string) =>
  (load: () => Promise<ComponentType>): LazyPage =>
    lazyPage(load, [area]);
const MemberLayout = lazyPage(() => import('../components/layouts/member-layout').then((m) => m.MemberLayout), []);
const NotFound = lazyPage(() => import('../components/ui/not-found').then((m) => m.NotFound), []);
const landing = inFeature('landing');
const auth = inFeature('auth');
const signup = inFeature('signup');
const epins = inFeature('epins');
const levelIncome = inFeature('level-income');
const epinStatic = inFeature('epin-static');
const payments = inFeature('payments');
const helpLinks = inFeature('help-links');
const withdrawals = inFeature('withdrawals');
export const DASHBOARD_NAMESPACES = ['dashboard', 'disclaimer-popup', 'help-links', 'withdrawals'] as const;
/**
 * Features the dashboard composes whose part fetches its own catalogue on first use (the e-pin ways
 * of the rare 'Insufficient Epin !!' alert): not loaded with the dashboard.
 */
export const DASHBOARD_PARTS_WITH_OWN_TEXTS = ['epins'] as const;

const LandingPage = landing(() => import('../features/landing/components/landing-page').then((m) => m.LandingPage));
const LoginPage = auth(() => import('../features/auth/components/login-page').then((m) => m.LoginPage));
const SignupPage = signup(() => import('../features/signup/components/signup-page').then((m) => m.SignupPage));
const WelcomeLetterPage = signup(() =>
  import('../features/signup/components/welcome-letter-page').then((m) => m.WelcomeLetterPage),
);
const ForgotPasswordPage = auth(() =>
  import('../features/auth/components/forgot-password-page').then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = auth(() =>
  import('../features/auth/components/reset-password-page').then((m) => m.ResetPasswordPage),
);
const AdminLoginPage = auth(() => import('../features/auth/components/admin-login-page').then((m) => m.AdminLoginPage));
const DisclaimerPage = auth(() => import('../features/auth/components/disclaimer-page').then((m) => m.DisclaimerPage));
const DashboardRoute = lazyPage(() => import('./dashboard-route').then((m) => m.DashboardRoute), DASHBOARD_NAMESPACES);
const epinLists = () => import('../features/epins/components/epin-lists');
const UnusedEpinsPage = epins(() => epinLists().then((m) => m.UnusedEpinsPage));
const UsedEpinsPage = epins(() => epinLists().then((m) => m.UsedEpinsPage));
const EpinTransferHistoryPage = epins(() => epinLists().then((m) => m.EpinTransferHistoryPage));
const RegistrationHistoryPage = epins(() => epinLists().then((m) => m.RegistrationHistoryPage));
const EpinTransferPage = epins(() =>
  import('../features/epins/components/epin-transfer-page').then((m) => m.EpinTransferPage),
);
const ActivationPage = epins(() =>
  import('../features/epins/components/activation-page').then((m) => m.ActivationPage),
);
const LevelIncomePage = levelIncome(() =>
  import('../features/level-income/components/level-income-page').then((m) => m.LevelIncomePage),
);
const staticEpinPages = () => import('../features/epin-static/components/static-epin-pages');
const EpinHomePage = epinStatic(() => staticEpinPages().then((m) => m.EpinHomePage));
const EpinLedgerPage = epinStatic(() => staticEpinPages().then((m) => m.EpinLedgerPage));
const RequestEpinsPage = epinStatic(() => staticEpinPages().then((m) => m.RequestEpinsPage));
const RequestEpinsBankPage = epinStatic(() => staticEpinPages().then((m) => m.RequestEpinsBankPage));
const FundRequestBankPage = payments(() =>
  import('../features/payments/components/fund-request-bank-page').then((m) => m.FundRequestBankPage),
);
const OnlineFundRequestPage = payments(() =>
  import('../features/payments/components/online-fund-request-page').then((m) => m.OnlineFundRequestPage),
);
const GatewayFundRequestPage = payments(() =>
  import('../features/payments/components/gateway-fund-request-page').then((m) => m.GatewayFundRequestPage),
);
const QrCodePage = payments(() => import('../features/payments/components/qr-code-page').then((m) => m.QrCodePage));
const paymentHistories = () => import('../features/payments/components/payment-histories');
const BankRequestHistoryPage = payments(() => paymentHistories().then((m) => m.BankRequestHistoryPage));
const OnlineRequestHistoryPage = payments(() => paymentHistories().then((m) => m.OnlineRequestHistoryPage));
const GatewayRequestHistoryPage = payments(() => paymentHistories().then((m) => m.GatewayRequestHistoryPage));

const helpLists = () => import('../features/help-links/components/help-lists');
const PendingPhPage = helpLinks(() => helpLists().then((m) => m.PendingPhPage));
const ReceivedPhPage = helpLinks(() => helpLists().then((m) => m.ReceivedPhPage));
const CancelPhPage = helpLinks(() => helpLists().then((m) => m.CancelPhPage));
const PendingGhPage = helpLinks(() => helpLists().then((m) => m.PendingGhPage));
const ReceivedGhPage = helpLinks(() => helpLists().then((m) => m.ReceivedGhPage));
const CancelGhPage = helpLinks(() => helpLists().then((m) => m.CancelGhPage));
const PhDetailPage = helpLinks(() =>
  import('../features/help-links/components/ph-detail-page').then((m) => m.PhDetailPage),
);
const GhDetailPage = helpLinks(() =>
  import('../features/help-links/components/gh-detail-page').then((m) => m.GhDetailPage),
);
const HelpListSamplePage = helpLinks(() =>
  import('../features/help-links/components/help-list-sample-page').then((m) => m.HelpListSamplePage),
);
const WithdrawalPage = withdrawals(() =>
  import('../features/withdrawals/components/withdrawal-page').then((m) => m.WithdrawalPage),
);
const WithdrawalHistoryPage = withdrawals(() =>
  import('../features/withdrawals/components/withdrawal-history-page').then((m) => m.WithdrawalHistoryPage),
);
const walletSamples = () => import('../features/withdrawals/components/wallet-sample-pages');
const MyWalletPage = withdrawals(() => walletSamples().then((m) => m.MyWalletPage));
const MyWithdrawalsPage = withdrawals(() => walletSamples().then((m) => m.MyWithdrawalsPage));
const RequestPayoutPage = withdrawals(() => walletSamples().then((m) => m.RequestPayoutPage));
const support = inFeature('support');
const news = inFeature('news');
const profile = inFeature('profile');
const team = inFeature('team');
const SupportPage = support(() => import('../features/support/components/support-page').then((m) => m.SupportPage));
const NewsPage = news(() => import('../features/news/components/news-page').then((m) => m.NewsPage));
const ProfilePage = profile(() => import('../features/profile/components/profile-page').then((m) => m.ProfilePage));
const ProfileInfoPage = profile(() =>
  import('../features/profile/components/profile-info-page').then((m) => m.ProfileInfoPage),
);
const passwordPages = () => import('../features/profile/components/password-pages');
const ChangePasswordPage = profile(() => passwordPages().then((m) => m.ChangePasswordPage));
const TransactionPasswordPage = profile(() => passwordPages().then((m) => m.TransactionPasswordPage));
const BankPage = profile(() => import('../features/profile/components/bank-page').then((m) => m.BankPage));
const WalletPage = profile(() => import('../features/profile/components/wallet-page').then((m) => m.WalletPage));
const staticProfilePages = () => import('../features/profile/components/static-profile-pages');
const EditBankPage = profile(() => staticProfilePages().then((m) => m.EditBankPage));
const CryptoAddressPage = profile(() => staticProfilePages().then((m) => m.CryptoAddressPage));
const EditContactPage = profile(() => staticProfilePages().then((m) => m.EditContactPage));
const NewPasswordPage = profile(() => staticProfilePages().then((m) => m.NewPasswordPage));
const GenerationEarningsPage = profile(() => staticProfilePages().then((m) => m.GenerationEarningsPage));
const statement = inFeature('statement');
const transparency = inFeature('transparency');
const StatementPage = statement(() =>
  import('../features/statement/components/statement-page').then((m) => m.StatementPage),
);
const TransparencyPage = transparency(() =>
  import('../features/transparency/components/transparency-page').then((m) => m.TransparencyPage),
);
const teamPages = () => import('../features/team/components/team-pages');
const MyTeamPage = team(() => teamPages().then((m) => m.MyTeamPage));
const MyDirectPage = team(() => teamPages().then((m) => m.MyDirectPage));
const LevelTeamPage = team(() => teamPages().then((m) => m.LevelTeamPage));
const MyDirectListPage = team(() =>
  import('../features/team/components/my-direct-list-page').then((m) => m.MyDirectListPage),
);

/** A route drawing a lazily loaded page; `handle.preload` lets the entry fetch it before the first render. */
function page(path: string, Page: LazyPage): RouteObject {
  return { path, element: <Page />, handle: { preload: Page.preload } };
}

/**
 * Route paths match case-insensitively (react-router's default), so /login and /Login are the
 * same page. Routes of later issues are absent and fall through to Not Found.
 */
export const routes: RouteObject[] = [
  page('/', LandingPage),
  page('/login', LoginPage),
  page('/signup', SignupPage),
  page('/WelcomeLetter', WelcomeLetterPage),
  page('/ForgotPassword', ForgotPasswordPage),
  page('/ResetPassword', ResetPasswordPage),
  page('/AdminLogin', AdminLoginPage),
  page('/transparency', TransparencyPage),
  {
    element: <RequireSession />,
    children: [
      page('/Disclaimer', DisclaimerPage),
      {
        element: <MemberLayout />,
        handle: { preload: MemberLayout.preload },
        children: [
          page('/dashboard', DashboardRoute),
          page('/EpinHistory', UnusedEpinsPage),
          page('/UsedEpin', UsedEpinsPage),
          page('/EpinTransfer', EpinTransferPage),
          page('/EpinTransferHistory', EpinTransferHistoryPage),
          page('/SubscriptionHistory', RegistrationHistoryPage),
          page('/Activation', ActivationPage),
          page('/LevelIncome', LevelIncomePage),
          page('/myepinstrans', EpinHomePage),
          page('/Epinledger', EpinLedgerPage),
          page('/RequestEPins', RequestEpinsPage),
          page('/RequestEPinsBank', RequestEpinsBankPage),
          page('/FundRequestBank', FundRequestBankPage),
          page('/FundRequestHistoryBank', BankRequestHistoryPage),
          page('/OnlineFundRequest', OnlineFundRequestPage),
          page('/OnlineFundRequestHistory', OnlineRequestHistoryPage),
          page('/GatewayFundRequest', GatewayFundRequestPage),
          page('/QrCode', QrCodePage),
          page('/GatewayFundRequestHistory', GatewayRequestHistoryPage),
          page('/PHRecivePayment', PendingPhPage),
          page('/PHRecivePaymentPaid', ReceivedPhPage),
          page('/PHRecivePaymentCancel', CancelPhPage),
          page('/GHRecivePayment', PendingGhPage),
          page('/GHRecivePaymentPaid', ReceivedGhPage),
          page('/GHRecivePaymentCancel', CancelGhPage),
          page('/PHRecivePaymentId/:id', PhDetailPage),
          page('/GHRecivePaymentId/:id', GhDetailPage),
          page('/help_list', HelpListSamplePage),
          page('/Withdrawal', WithdrawalPage),
          page('/WithdrawalHistory', WithdrawalHistoryPage),
          page('/MyWallet', MyWalletPage),
          page('/mywithdrawals', MyWithdrawalsPage),
          page('/requestpayout', RequestPayoutPage),
          page('/Support', SupportPage),
          page('/News', NewsPage),
          page('/Profile', ProfilePage),
          page('/ProfileSetting', ProfileInfoPage),
          page('/ChangePassword', ChangePasswordPage),
          // /TransactionPassword and /transactionPassword (spec §2) are one route: paths match case-insensitively.
          page('/TransactionPassword', TransactionPasswordPage),
          page('/Updatebank', BankPage),
          page('/Ecurrency', WalletPage),
          page('/EditBank', EditBankPage),
          page('/mycrptaddr', CryptoAddressPage),
          page('/EditContact', EditContactPage),
          page('/NewPassword', NewPasswordPage),
          page('/myaccountsgen', GenerationEarningsPage),
          page('/MyTeam', MyTeamPage),
          page('/MyReferral', MyDirectPage),
          page('/LevelDetails', LevelTeamPage),
          page('/MyDirectList', MyDirectListPage),
          page('/MyStatement', StatementPage),
        ],
      },
    ],
  },
  page('*', NotFound),
];

type Preload = () => Promise<void>;
const preloadOf = (route: RouteObject): Preload | undefined =>
  (route.handle as { preload?: Preload } | undefined)?.preload;

/** Loads the code of the pages that `pathname` draws, so the first render (or hydration) does not suspend. */
export async function preloadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.map((match) => preloadOf(match.route)?.()));
}

async function preloadPages(list: RouteObject[]): Promise<void> {
  await Promise.all(list.map((route) => Promise.all([preloadOf(route)?.(), preloadPages(route.children ?? [])])));
}

/**
 * Loads every page's code, and then the lazy parts those pages define (lib/lazy-part.tsx): the
 * component tests render whole screens synchronously.
 */
export async function preloadAllPages(list: RouteObject[] = routes): Promise<void> {
  await preloadPages(list);
  await preloadAllParts();
}
