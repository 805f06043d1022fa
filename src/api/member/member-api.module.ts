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
import { WalletModule } from '../../modules/wallet';
import { ProfileModule } from '../../modules/profile';
import { MemberProfileController } from './profile.controller';
import { NetworkModule } from '../../modules/network';
import { MemberNetworkController } from './network.controller';
import { MemberHelpController, NetworkHealthController } from './help.controller';
import { MemberPaymentsController, PaymentCallbacksController } from './payments.controller';
import { NewsModule } from '../../modules/news';
import { SupportModule } from '../../modules/support';
import { MemberSupportController } from './support.controller';
import { MemberStatementController } from './statement.controller';
import { DashboardAnswers } from './dashboard-answers';

@Module({
  imports: [
    IdentityModule,
    EpinsModule,
    HelpModule,
    IncomeModule,
    PaymentsModule,
    WalletModule,
    SupportModule,
    NewsModule,
    ProfileModule,
    NetworkModule,
  ],
  controllers: [
    MemberController,
    LedgerPublicController,
    MemberStatementController,
    MemberEpinsController,
    MemberPaymentsController,
    PaymentCallbacksController,
    MemberHelpController,
    NetworkHealthController,
    MemberSupportController,
    MemberProfileController,
    MemberNetworkController,
  ],
  providers: [RateLimitGuard, DashboardAnswers],
})
export class MemberApiModule {}
