import { Projection } from '../platform/projections/projection';
import { postingsProjection } from '../platform/projections/postings.projection';
import { adminUsersProjection, impersonationTokensProjection } from './identity/projections/admin-users.projection';
import { loginAddressesProjection } from './identity/projections/login-addresses.projection';
import { memberTreeProjection, membersProjection, passwordResetsProjection } from './identity/projections/members.projection';
import { epinsProjection, helpRequestsProjection, topupsProjection } from './epins/projections/epins.projection';
import { levelIncomeProjection } from './income/projections/level-income.projection';
import { settingsProjection } from './settings/settings';
import { epinRequestsProjection, paymentOptionsProjection, paymentOrdersProjection } from './payments/projections/payments.projection';

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
];
