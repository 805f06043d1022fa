import { Module } from '@nestjs/common';
import { IdentityModule } from '../../modules/identity';
import { RateLimitGuard } from '../../platform/http/rate-limit.guard';
import { MemberController } from './member.controller';
import { LedgerPublicController } from './ledger-public.controller';
import { EpinsModule } from '../../modules/epins';
import { HelpModule } from '../../modules/help';
import { IncomeModule } from '../../modules/income';
import { MemberEpinsController } from './epins.controller';
import { PaymentsModule } from '../../modules/payments';
import { MemberPaymentsController, PaymentCallbacksController } from './payments.controller';

@Module({
  imports: [IdentityModule, EpinsModule, HelpModule, IncomeModule, PaymentsModule],
  controllers: [
    MemberController,
    LedgerPublicController,
    MemberEpinsController,
    MemberPaymentsController,
    PaymentCallbacksController,
  ],
  providers: [RateLimitGuard],
})
export class MemberApiModule {}
