import { Module } from '@nestjs/common';
import { IdentityModule } from '../../modules/identity/identity.module';
import { RateLimitGuard } from '../../platform/http/rate-limit.guard';
import { MemberController } from './member.controller';
import { EpinsModule } from '../../modules/epins/epins.module';
import { MemberEpinsController } from './epins.controller';

@Module({ imports: [IdentityModule, EpinsModule], controllers: [MemberController, MemberEpinsController], providers: [RateLimitGuard] })
export class MemberApiModule {}
