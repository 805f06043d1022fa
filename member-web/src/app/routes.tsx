import type { RouteObject } from 'react-router-dom';
import { MemberLayout } from '../components/layouts/member-layout';
import { NotFound } from '../components/ui/not-found';
import { AdminLoginPage } from '../features/auth/components/admin-login-page';
import { DisclaimerPage } from '../features/auth/components/disclaimer-page';
import { ForgotPasswordPage } from '../features/auth/components/forgot-password-page';
import { LoginPage } from '../features/auth/components/login-page';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page';
import {
  EpinHomePage,
  EpinLedgerPage,
  RequestEpinsBankPage,
  RequestEpinsPage,
} from '../features/epin-static/components/static-epin-pages';
import { helpLinkRoutes } from '../features/help-links';
import { withdrawalRoutes } from '../features/withdrawals';
import { ActivationPage } from '../features/epins/components/activation-page';
import {
  EpinTransferHistoryPage,
  RegistrationHistoryPage,
  UnusedEpinsPage,
  UsedEpinsPage,
} from '../features/epins/components/epin-lists';
import { EpinTransferPage } from '../features/epins/components/epin-transfer-page';
import { LandingPage } from '../features/landing/components/landing-page';
import { LevelIncomePage } from '../features/level-income/components/level-income-page';
import { FundRequestBankPage } from '../features/payments/components/fund-request-bank-page';
import { GatewayFundRequestPage } from '../features/payments/components/gateway-fund-request-page';
import { OnlineFundRequestPage } from '../features/payments/components/online-fund-request-page';
import {
  BankRequestHistoryPage,
  GatewayRequestHistoryPage,
  OnlineRequestHistoryPage,
} from '../features/payments/components/payment-histories';
import { QrCodePage } from '../features/payments/components/qr-code-page';
import { SignupPage } from '../features/signup/components/signup-page';
import { WelcomeLetterPage } from '../features/signup/components/welcome-letter-page';
import { DashboardRoute } from './dashboard-route';
import { RequireSession } from './require-session';

/**
 * Route paths match case-insensitively (react-router's default), so /login and /Login are the
 * same page. Routes of later issues are absent and fall through to Not Found.
 */
export const routes: RouteObject[] = [
  { path: '/', element: <LandingPage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/signup', element: <SignupPage /> },
  { path: '/WelcomeLetter', element: <WelcomeLetterPage /> },
  { path: '/ForgotPassword', element: <ForgotPasswordPage /> },
  { path: '/ResetPassword', element: <ResetPasswordPage /> },
  { path: '/AdminLogin', element: <AdminLoginPage /> },
  {
    element: <RequireSession />,
    children: [
      { path: '/Disclaimer', element: <DisclaimerPage /> },
      {
        element: <MemberLayout />,
        children: [
          { path: '/dashboard', element: <DashboardRoute /> },
          { path: '/EpinHistory', element: <UnusedEpinsPage /> },
          { path: '/UsedEpin', element: <UsedEpinsPage /> },
          { path: '/EpinTransfer', element: <EpinTransferPage /> },
          { path: '/EpinTransferHistory', element: <EpinTransferHistoryPage /> },
          { path: '/SubscriptionHistory', element: <RegistrationHistoryPage /> },
          { path: '/Activation', element: <ActivationPage /> },
          { path: '/LevelIncome', element: <LevelIncomePage /> },
          { path: '/myepinstrans', element: <EpinHomePage /> },
          { path: '/Epinledger', element: <EpinLedgerPage /> },
          { path: '/RequestEPins', element: <RequestEpinsPage /> },
          { path: '/RequestEPinsBank', element: <RequestEpinsBankPage /> },
          { path: '/FundRequestBank', element: <FundRequestBankPage /> },
          { path: '/FundRequestHistoryBank', element: <BankRequestHistoryPage /> },
          { path: '/OnlineFundRequest', element: <OnlineFundRequestPage /> },
          { path: '/OnlineFundRequestHistory', element: <OnlineRequestHistoryPage /> },
          { path: '/GatewayFundRequest', element: <GatewayFundRequestPage /> },
          { path: '/QrCode', element: <QrCodePage /> },
          { path: '/GatewayFundRequestHistory', element: <GatewayRequestHistoryPage /> },
          ...helpLinkRoutes,
          ...withdrawalRoutes,
        ],
      },
    ],
  },
  { path: '*', element: <NotFound /> },
];
