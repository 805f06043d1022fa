import { Module } from '@nestjs/common';
import { IdentityModule } from '../../modules/identity/identity.module';
import { RateLimitGuard } from '../../platform/http/rate-limit.guard';
import { MemberController } from './member.controller';

@Module({ imports: [IdentityModule], controllers: [MemberController], providers: [RateLimitGuard] })
export class MemberApiModule {}
