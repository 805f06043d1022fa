import {
  ExecutionContext,
  ForbiddenException,
  Inject,
  Injectable,
  SetMetadata,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { APP_CONFIG, AppConfig } from '../../../config/config';
import { DomainError } from '../../../platform/errors';
import { errorBody } from '../../../platform/http/error-body';
import { TOTP_OUTCOME } from '../domain/admin-totp';
import { AdminRole, roleMayCall } from '../domain/admin.events';
import { loadAdmin } from '../member-state';
import { AdminClaims } from '../tokens';
import { BearerAuthGuard, BearerJwtStrategy, CurrentPrincipal } from './bearer-jwt';

export interface AdminPrincipal {
  username: string;
  role: AdminRole;
  /** Whether the admin's second factor is on (decision 0033). */
  totpEnabled: boolean;
}

const ROLES = 'admin-roles';
/** Which roles may call a route; superadmin may call every route. */
export const Roles = (...roles: AdminRole[]) => SetMetadata(ROLES, roles);

const ACCOUNT_SETUP = 'admin-account-setup';
/**
 * The calls a token may reach while its account has set-up pending (a password to change, an
 * authenticator to enrol where ADMIN_TOTP_REQUIRED): the password change, TOTP enrolment, logout, me.
 */
export const AccountSetupCall = () => SetMetadata(ACCOUNT_SETUP, true);

const unauthorized = () => new UnauthorizedException(errorBody(401, 'Please log in again'));

@Injectable()
export class AdminJwtStrategy extends BearerJwtStrategy('admin-jwt') {
  /** The role is read from the ledger's projection on every call, so a demotion takes effect at once. */
  async validate(claims: AdminClaims): Promise<AdminPrincipal> {
    if (claims?.typ !== 'admin' || typeof claims.sub !== 'string') throw unauthorized();
    const admin = await loadAdmin(this.db, claims.sub);
    if (!admin || admin.disabled || admin.credentialVersion !== claims.cv) throw unauthorized();
    return { username: admin.username, role: admin.role, totpEnabled: admin.totp.factorId !== null };
  }
}

@Injectable()
export class AdminAuthGuard extends BearerAuthGuard('admin-jwt', unauthorized) {
  constructor(
    reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super(reflector);
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context);
    const admin = context.switchToHttp().getRequest<{ user: AdminPrincipal }>().user;
    const setupCall = this.reflector.getAllAndOverride<boolean | undefined>(ACCOUNT_SETUP, [
      context.getHandler(),
      context.getClass(),
    ]);
    // Where every admin must enrol (production), an admin without a factor reaches only the set-up calls.
    if (this.config.adminTotp.required && !admin.totpEnabled && !setupCall) {
      const { code, text } = TOTP_OUTCOME.enrolmentRequired;
      throw new DomainError(code, text, 'forbidden');
    }
    const roles =
      this.reflector.getAllAndOverride<AdminRole[] | undefined>(ROLES, [context.getHandler(), context.getClass()]) ??
      [];
    if (!roleMayCall(admin.role, roles)) throw new ForbiddenException(errorBody(403, 'Your role may not do this'));
    return true;
  }
}

/** The AdminPrincipal of the call. */
export const CurrentAdmin = CurrentPrincipal;
