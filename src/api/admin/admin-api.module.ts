import { Module } from '@nestjs/common';
import { IdentityModule } from '../../modules/identity';
import { LedgerAuditModule } from '../../modules/ledger-audit';
import { RateLimitGuard } from '../../platform/http/rate-limit.guard';
import { AdminAuthController } from './admin-auth.controller';
import { AdminUsersController } from './admin-users.controller';
import { AdminLedgerController } from './ledger.controller';
import { AdminMailsController } from './mails.controller';
import { AdminMembersController } from './members.controller';
import { AdminEpinsController } from './epins-admin.controller';
import { EpinsModule } from '../../modules/epins';
import { SettingsModule } from '../../modules/settings';
import { PaymentsModule } from '../../modules/payments/payments.module';
import { AdminPaymentsController } from './payments-admin.controller';
import { AdminJobsController } from './jobs.controller';
import { JobMonitor } from '../../platform/jobs/job-monitor';

@Module({
  imports: [IdentityModule, LedgerAuditModule, EpinsModule, SettingsModule, PaymentsModule],
  controllers: [AdminAuthController, AdminMembersController, AdminUsersController, AdminLedgerController, AdminMailsController, AdminEpinsController, AdminPaymentsController, AdminJobsController],
  providers: [RateLimitGuard, JobMonitor],
})
export class AdminApiModule {}
