import type { RouteObject } from 'react-router-dom';
import { GhDetailPage } from './components/gh-detail-page';
import {
  CancelGhPage,
  CancelPhPage,
  PendingGhPage,
  PendingPhPage,
  ReceivedGhPage,
  ReceivedPhPage,
} from './components/help-lists';
import { HelpListSamplePage } from './components/help-list-sample-page';
import { PhDetailPage } from './components/ph-detail-page';

/** The help screens (member routes, under the member layout). */
export const helpLinkRoutes: RouteObject[] = [
  { path: '/PHRecivePayment', element: <PendingPhPage /> },
  { path: '/PHRecivePaymentPaid', element: <ReceivedPhPage /> },
  { path: '/PHRecivePaymentCancel', element: <CancelPhPage /> },
  { path: '/GHRecivePayment', element: <PendingGhPage /> },
  { path: '/GHRecivePaymentPaid', element: <ReceivedGhPage /> },
  { path: '/GHRecivePaymentCancel', element: <CancelGhPage /> },
  { path: '/PHRecivePaymentId/:id', element: <PhDetailPage /> },
  { path: '/GHRecivePaymentId/:id', element: <GhDetailPage /> },
  { path: '/help_list', element: <HelpListSamplePage /> },
];
