import { matchRoutes, type RouteObject } from 'react-router-dom';
import { MemberLayout } from '../components/layouts/member-layout';
import { NotFound } from '../components/ui/not-found';
import { lazyPage, type LazyPage } from './lazy-page';
import { RequireSession } from './require-session';

// One chunk per screen (or per file of sibling screens): a visitor downloads the code of the
// screens they open, not of all of them. The layout, the guard and Not Found are small and stay
// in the entry chunk.
const LandingPage = lazyPage(() => import('../features/landing/components/landing-page').then((m) => m.LandingPage));
const LoginPage = lazyPage(() => import('../features/auth/components/login-page').then((m) => m.LoginPage));
const SignupPage = lazyPage(() => import('../features/signup/components/signup-page').then((m) => m.SignupPage));
const WelcomeLetterPage = lazyPage(() =>
  import('../features/signup/components/welcome-letter-page').then((m) => m.WelcomeLetterPage),
);
const ForgotPasswordPage = lazyPage(() =>
  import('../features/auth/components/forgot-password-page').then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = lazyPage(() =>
  import('../features/auth/components/reset-password-page').then((m) => m.ResetPasswordPage),
);
const AdminLoginPage = lazyPage(() =>
  import('../features/auth/components/admin-login-page').then((m) => m.AdminLoginPage),
);
const DisclaimerPage = lazyPage(() =>
  import('../features/auth/components/disclaimer-page').then((m) => m.DisclaimerPage),
);
const DashboardRoute = lazyPage(() => import('./dashboard-route').then((m) => m.DashboardRoute));
const epinLists = () => import('../features/epins/components/epin-lists');
const UnusedEpinsPage = lazyPage(() => epinLists().then((m) => m.UnusedEpinsPage));
const UsedEpinsPage = lazyPage(() => epinLists().then((m) => m.UsedEpinsPage));
const EpinTransferHistoryPage = lazyPage(() => epinLists().then((m) => m.EpinTransferHistoryPage));
const RegistrationHistoryPage = lazyPage(() => epinLists().then((m) => m.RegistrationHistoryPage));
const EpinTransferPage = lazyPage(() =>
  import('../features/epins/components/epin-transfer-page').then((m) => m.EpinTransferPage),
);
const ActivationPage = lazyPage(() =>
  import('../features/epins/components/activation-page').then((m) => m.ActivationPage),
);
const LevelIncomePage = lazyPage(() =>
  import('../features/level-income/components/level-income-page').then((m) => m.LevelIncomePage),
);
const staticEpinPages = () => import('../features/epin-static/components/static-epin-pages');
const EpinHomePage = lazyPage(() => staticEpinPages().then((m) => m.EpinHomePage));
const EpinLedgerPage = lazyPage(() => staticEpinPages().then((m) => m.EpinLedgerPage));
const RequestEpinsPage = lazyPage(() => staticEpinPages().then((m) => m.RequestEpinsPage));
const RequestEpinsBankPage = lazyPage(() => staticEpinPages().then((m) => m.RequestEpinsBankPage));
const FundRequestBankPage = lazyPage(() =>
  import('../features/payments/components/fund-request-bank-page').then((m) => m.FundRequestBankPage),
);
const OnlineFundRequestPage = lazyPage(() =>
  import('../features/payments/components/online-fund-request-page').then((m) => m.OnlineFundRequestPage),
);
const GatewayFundRequestPage = lazyPage(() =>
  import('../features/payments/components/gateway-fund-request-page').then((m) => m.GatewayFundRequestPage),
);
const QrCodePage = lazyPage(() => import('../features/payments/components/qr-code-page').then((m) => m.QrCodePage));
const paymentHistories = () => import('../features/payments/components/payment-histories');
const BankRequestHistoryPage = lazyPage(() => paymentHistories().then((m) => m.BankRequestHistoryPage));
const OnlineRequestHistoryPage = lazyPage(() => paymentHistories().then((m) => m.OnlineRequestHistoryPage));
const GatewayRequestHistoryPage = lazyPage(() => paymentHistories().then((m) => m.GatewayRequestHistoryPage));

const helpLists = () => import('../features/help-links/components/help-lists');
const PendingPhPage = lazyPage(() => helpLists().then((m) => m.PendingPhPage));
const ReceivedPhPage = lazyPage(() => helpLists().then((m) => m.ReceivedPhPage));
const CancelPhPage = lazyPage(() => helpLists().then((m) => m.CancelPhPage));
const PendingGhPage = lazyPage(() => helpLists().then((m) => m.PendingGhPage));
const ReceivedGhPage = lazyPage(() => helpLists().then((m) => m.ReceivedGhPage));
const CancelGhPage = lazyPage(() => helpLists().then((m) => m.CancelGhPage));
const PhDetailPage = lazyPage(() =>
  import('../features/help-links/components/ph-detail-page').then((m) => m.PhDetailPage),
);
const GhDetailPage = lazyPage(() =>
  import('../features/help-links/components/gh-detail-page').then((m) => m.GhDetailPage),
);
const HelpListSamplePage = lazyPage(() =>
  import('../features/help-links/components/help-list-sample-page').then((m) => m.HelpListSamplePage),
);
const WithdrawalPage = lazyPage(() =>
  import('../features/withdrawals/components/withdrawal-page').then((m) => m.WithdrawalPage),
);
const WithdrawalHistoryPage = lazyPage(() =>
  import('../features/withdrawals/components/withdrawal-history-page').then((m) => m.WithdrawalHistoryPage),
);
const walletSamples = () => import('../features/withdrawals/components/wallet-sample-pages');
const MyWalletPage = lazyPage(() => walletSamples().then((m) => m.MyWalletPage));
const MyWithdrawalsPage = lazyPage(() => walletSamples().then((m) => m.MyWithdrawalsPage));
const RequestPayoutPage = lazyPage(() => walletSamples().then((m) => m.RequestPayoutPage));
const SupportPage = lazyPage(() => import('../features/support/components/support-page').then((m) => m.SupportPage));
const NewsPage = lazyPage(() => import('../features/news/components/news-page').then((m) => m.NewsPage));
const ProfilePage = lazyPage(() => import('../features/profile/components/profile-page').then((m) => m.ProfilePage));
const ProfileInfoPage = lazyPage(() =>
  import('../features/profile/components/profile-info-page').then((m) => m.ProfileInfoPage),
);
const passwordPages = () => import('../features/profile/components/password-pages');
const ChangePasswordPage = lazyPage(() => passwordPages().then((m) => m.ChangePasswordPage));
const TransactionPasswordPage = lazyPage(() => passwordPages().then((m) => m.TransactionPasswordPage));
const BankPage = lazyPage(() => import('../features/profile/components/bank-page').then((m) => m.BankPage));
const WalletPage = lazyPage(() => import('../features/profile/components/wallet-page').then((m) => m.WalletPage));
const staticProfilePages = () => import('../features/profile/components/static-profile-pages');
const EditBankPage = lazyPage(() => staticProfilePages().then((m) => m.EditBankPage));
const CryptoAddressPage = lazyPage(() => staticProfilePages().then((m) => m.CryptoAddressPage));
const EditContactPage = lazyPage(() => staticProfilePages().then((m) => m.EditContactPage));
const NewPasswordPage = lazyPage(() => staticProfilePages().then((m) => m.NewPasswordPage));
const GenerationEarningsPage = lazyPage(() => staticProfilePages().then((m) => m.GenerationEarningsPage));
const teamPages = () => import('../features/team/components/team-pages');
const MyTeamPage = lazyPage(() => teamPages().then((m) => m.MyTeamPage));
const MyDirectPage = lazyPage(() => teamPages().then((m) => m.MyDirectPage));
const LevelTeamPage = lazyPage(() => teamPages().then((m) => m.LevelTeamPage));
const MyDirectListPage = lazyPage(() =>
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
  {
    element: <RequireSession />,
    children: [
      page('/Disclaimer', DisclaimerPage),
      {
        element: <MemberLayout />,
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
        ],
      },
    ],
  },
  { path: '*', element: <NotFound /> },
];

type Preload = () => Promise<void>;
const preloadOf = (route: RouteObject): Preload | undefined =>
  (route.handle as { preload?: Preload } | undefined)?.preload;

/** Loads the code of the pages that `pathname` draws, so the first render (or hydration) does not suspend. */
export async function preloadRoute(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.map((match) => preloadOf(match.route)?.()));
}

/** Loads every page's code (the component tests render whole screens synchronously). */
export async function preloadAllPages(list: RouteObject[] = routes): Promise<void> {
  await Promise.all(list.map((route) => Promise.all([preloadOf(route)?.(), preloadAllPages(route.children ?? [])])));
}
