import { Module } from '@nestjs/common';
import { EpinsModule } from '../../modules/epins';
import { IdentityModule } from '../../modules/identity';
import { LedgerAuditModule } from '../../modules/ledger-audit';
import { PaymentsModule } from '../../modules/payments';
import { SettingsModule } from '../../modules/settings';
import { RateLimitGuard } from '../../platform/http/rate-limit.guard';
import { JobMonitor } from '../../platform/jobs/job-monitor';
import { AdminAuthController } from './admin-auth.controller';
import { AdminTotpController } from './admin-totp.controller';
import { AdminUsersController } from './admin-users.controller';
import { AdminEpinRequestsController } from './epin-requests-admin.controller';
import { AdminEpinsController } from './epins-admin.controller';
import { AdminEventsController } from './events.controller';
import { AdminFailedJobsController } from './failed-jobs.controller';
import { AdminHelpRequestsController } from './help-requests-admin.controller';
import {
  AdminFlaggedUtrsController,
  AdminHelpLinksController,
  AdminQueueEntriesController,
} from './help-links-admin.controller';
import { AdminWithdrawalsController } from './withdrawals-admin.controller';
import { HelpModule } from '../../modules/help';
import { WalletModule } from '../../modules/wallet';
import { ProfileModule } from '../../modules/profile';
import { AdminLedgerController } from './ledger.controller';
import { AdminLevelIncomeController } from './level-income-admin.controller';
import { AdminMailsController } from './mails.controller';
import { AdminMembersController } from './members.controller';
import { AdminPaymentDoubleController } from './payment-double-admin.controller';
import { AdminPaymentOptionsController } from './payment-options-admin.controller';
import { AdminPaymentOrdersController } from './payment-orders-admin.controller';
import { AdminQueuesController } from './queues.controller';
import { AdminSettingsController } from './settings-admin.controller';
import { NewsModule } from '../../modules/news';
import { SupportModule } from '../../modules/support';
import { FourEyesModule } from '../../modules/four-eyes';
import { AdminFourEyesController } from './four-eyes-admin.controller';
import { AdminNewsController } from './news-admin.controller';
import { AdminTicketsController } from './tickets-admin.controller';

/** One controller per react-admin resource (admin-web/src/<resource>/), plus sign-in and the ledger page. */
const resourceControllers = [
  AdminMembersController,
  AdminEventsController,
  AdminEpinsController,
  AdminEpinRequestsController,
  AdminPaymentOrdersController,
  AdminPaymentOptionsController,
  AdminHelpRequestsController,
  AdminQueueEntriesController,
  AdminHelpLinksController,
  AdminWithdrawalsController,
  AdminFlaggedUtrsController,
  AdminTicketsController,
  AdminNewsController,
  AdminLevelIncomeController,
  AdminSettingsController,
  AdminPaymentDoubleController,
  AdminQueuesController,
  AdminFailedJobsController,
  AdminMailsController,
  AdminUsersController,
  AdminFourEyesController,
];

@Module({
  imports: [
    IdentityModule,
    LedgerAuditModule,
    EpinsModule,
    SettingsModule,
    PaymentsModule,
    HelpModule,
    WalletModule,
    SupportModule,
    FourEyesModule,
    NewsModule,
    ProfileModule,
  ],
  controllers: [AdminAuthController, AdminTotpController, ...resourceControllers, AdminLedgerController],
  providers: [RateLimitGuard, JobMonitor],
})
export class AdminApiModule {}
