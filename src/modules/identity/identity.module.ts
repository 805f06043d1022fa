import { Inject, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { AdminAuthGuard, AdminJwtStrategy } from './auth/admin-auth';
import { JWT_ALGORITHM, jwtKey } from './auth/bearer-jwt';
import { MemberAuthGuard, MemberJwtStrategy } from './auth/member-auth';
import {
  ChangeAdminPasswordHandler,
  CreateAdminUserHandler,
  LoginAdminHandler,
  LogoutAdminHandler,
  UpdateAdminUserHandler,
} from './commands/admin-users/admin-users.handler';
import {
  DisableAdminTotpHandler,
  EnableAdminTotpHandler,
  ResetAdminTotpHandler,
  SetUpAdminTotpHandler,
} from './commands/admin-totp/admin-totp.handler';
import { ChangeCredentialHandler } from './commands/change-credential/change-credential.handler';
import { AgreeDisclaimerHandler } from './commands/agree-disclaimer/agree-disclaimer.handler';
import { SetMemberBlockedHandler } from './commands/block-member/block-member.handler';
import {
  IssueImpersonationHandler,
  RedeemImpersonationHandler,
} from './commands/impersonate-member/impersonate-member.handler';
import { LoginMemberHandler } from './commands/login-member/login-member.handler';
import { RegisterMemberHandler } from './commands/register-member/register-member.handler';
import { RequestPasswordResetHandler } from './commands/request-password-reset/request-password-reset.handler';
import { ResetPasswordHandler } from './commands/reset-password/reset-password.handler';
import { MemberQueries } from './queries/member-queries';
import { StrangerTurns } from './login-gate';
import { TokenService } from './tokens';
import { limitPasswordHashing } from './passwords';

const commandHandlers = [
  RegisterMemberHandler,
  LoginMemberHandler,
  AgreeDisclaimerHandler,
  RequestPasswordResetHandler,
  ResetPasswordHandler,
  ChangeCredentialHandler,
  SetMemberBlockedHandler,
  IssueImpersonationHandler,
  RedeemImpersonationHandler,
  CreateAdminUserHandler,
  UpdateAdminUserHandler,
  LoginAdminHandler,
  ChangeAdminPasswordHandler,
  LogoutAdminHandler,
  SetUpAdminTotpHandler,
  EnableAdminTotpHandler,
  DisableAdminTotpHandler,
  ResetAdminTotpHandler,
];
const queries = [MemberQueries];
const auth = [MemberJwtStrategy, MemberAuthGuard, AdminJwtStrategy, AdminAuthGuard, TokenService];
/** One per API process: the turns of strangers' login attempts on accounts under attack (decision 0013). */
const loginTurns = [StrangerTurns];

@Module({
  imports: [
    CqrsModule,
    PassportModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: jwtKey(config),
        signOptions: { algorithm: JWT_ALGORITHM, expiresIn: config.jwtExpiresIn as never },
        verifyOptions: { algorithms: [JWT_ALGORITHM] },
      }),
    }),
  ],
  providers: [...commandHandlers, ...queries, ...auth, ...loginTurns],
  exports: [...queries, ...auth, CqrsModule, JwtModule],
})
export class IdentityModule {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // One process's argon2 computations at once (decision 0055).
    limitPasswordHashing(config.passwordHashesInFlight);
  }
}
