import { Projection } from '../platform/projections/projection';
import { postingsProjection } from '../platform/projections/postings.projection';
import {
  adminUsersProjection,
  impersonationTokensProjection,
  loginAddressesProjection,
  memberTreeProjection,
  membersProjection,
  passwordResetsProjection,
  secretChecksProjection,
} from './identity';
import { epinsProjection, topupsProjection } from './epins';
import {
  helpLinkDaysProjection,
  helpLinksProjection,
  helpRequestsProjection,
  queueEntriesProjection,
  utrClaimsProjection,
} from './help';
import { withdrawalsProjection } from './wallet';
import { levelIncomeProjection } from './income';
import { settingsProjection } from './settings';
import { epinRequestsProjection, paymentOptionsProjection, paymentOrdersProjection } from './payments';
import { ticketsProjection } from './support';
import { newsProjection } from './news';
import { memberProfilesProjection } from './profile';
import { teamCountsProjection } from './network';
import { fourEyesProjection } from './four-eyes';

/**
 * Every inline projection, in the order they run for an event. `ledger replay` rebuilds exactly
 * these tables; a table not listed here is not a projection (credentials, outbox, cursors).
 */
export const ALL_PROJECTIONS: readonly Projection[] = [
  postingsProjection,
  membersProjection,
  memberTreeProjection,
  passwordResetsProjection,
  adminUsersProjection,
  impersonationTokensProjection,
  loginAddressesProjection,
  settingsProjection,
  epinsProjection,
  topupsProjection,
  helpRequestsProjection,
  levelIncomeProjection,
  paymentOptionsProjection,
  epinRequestsProjection,
  paymentOrdersProjection,
  withdrawalsProjection,
  queueEntriesProjection,
  helpLinksProjection,
  helpLinkDaysProjection,
  utrClaimsProjection,
  ticketsProjection,
  newsProjection,
  memberProfilesProjection,
  teamCountsProjection,
  secretChecksProjection,
  fourEyesProjection,
];
