import { LedgerCore1763800000000 } from './1763800000000-ledger-core';
import { Identity1763800001000 } from './1763800001000-identity';
import { EpinsIncome1763800002000 } from './1763800002000-epins-income';
import { Payments1763800003000 } from './1763800003000-payments';
import { ProjectionChecks1763800004000 } from './1763800004000-projection-checks';
import { MembersFillfactor1763800005000 } from './1763800005000-members-fillfactor';
import { LoginAddresses1763800006013 } from './1763800006013-login-addresses';
import { CheckpointWitnesses1763800009000 } from './1763800009000-checkpoint-witnesses';
import { EventHashRule1763800010000 } from './1763800010000-event-hash-rule';
import { LoginAddressKey1763800011013 } from './1763800011013-login-address-key';
import { HelpCircle1763800012011 } from './1763800012011-help-circle';
import { HelpLinkBatches1763800012500 } from './1763800012500-help-link-batches';
import { Profile1763800013000 } from './1763800013000-profile';
import { Network1763800014000 } from './1763800014000-network';
import { SupportNews1763800015000 } from './1763800015000-support-news';
import { TeamTotals1763800016000 } from './1763800016000-team-totals';
import { SecretChecks1763800016029 } from './1763800016029-secret-checks';
import { AccountSessions1763800018100 } from './1763800018100-account-sessions';
import { AdminTotp1763800018200 } from './1763800018200-admin-totp';
import { FourEyes1763800018300 } from './1763800018300-four-eyes';
import { LedgerWriters1763800018500 } from './1763800018500-ledger-writers';
import { VerifyScratch1763800019500 } from './1763800019500-verify-scratch';
import { CredentialCommitments1763800019600 } from './1763800019600-credential-commitments';
import { LedgerTree1763800019700 } from './1763800019700-ledger-tree';
import { HelpLinkDays1763800020200 } from './1763800020200-help-link-days';
import { BoundedClosure1763800020600 } from './1763800020600-bounded-closure';
import { QueueWaitingTotals1763800020800 } from './1763800020800-queue-waiting-totals';
import { ClosureKey1763800021100 } from './1763800021100-closure-key';

/** Every migration in order; the only way the schema changes. */
export const ALL_MIGRATIONS = [
  LedgerCore1763800000000,
  Identity1763800001000,
  EpinsIncome1763800002000,
  Payments1763800003000,
  ProjectionChecks1763800004000,
  MembersFillfactor1763800005000,
  LoginAddresses1763800006013,
  CheckpointWitnesses1763800009000,
  EventHashRule1763800010000,
  LoginAddressKey1763800011013,
  HelpCircle1763800012011,
  HelpLinkBatches1763800012500,
  Profile1763800013000,
  Network1763800014000,
  SupportNews1763800015000,
  TeamTotals1763800016000,
  SecretChecks1763800016029,
  AccountSessions1763800018100,
  AdminTotp1763800018200,
  FourEyes1763800018300,
  LedgerWriters1763800018500,
  VerifyScratch1763800019500,
  CredentialCommitments1763800019600,
  LedgerTree1763800019700,
  HelpLinkDays1763800020200,
  BoundedClosure1763800020600,
  QueueWaitingTotals1763800020800,
  ClosureKey1763800021100,
];
