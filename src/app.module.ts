import { ALL_PROJECTIONS } from './modules/projections';
import { Module } from '@nestjs/common';
import { RouterModule } from '@nestjs/core';
import { AdminApiModule } from './api/admin/admin-api.module';
import { MemberApiModule } from './api/member/member-api.module';
import { IdentityModule } from './modules/identity';
import { LedgerAuditModule } from './modules/ledger-audit';
import { PlatformModule } from './platform/platform.module';
import { ObservabilityModule } from './platform/observability/observability.module';

/** The API process: the member contract under /api, the admin API under /admin-api. */
@Module({
  imports: [
    PlatformModule.forRoot(ALL_PROJECTIONS),
    ObservabilityModule.forApi(),
    IdentityModule,
    LedgerAuditModule,
    MemberApiModule,
    AdminApiModule,
    RouterModule.register([
      { path: 'api', module: MemberApiModule },
      { path: 'admin-api', module: AdminApiModule },
    ]),
  ],
})
export class AppModule {}
