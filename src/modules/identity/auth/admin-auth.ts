import {
  ExecutionContext,
  ForbiddenException,
  Inject,
  Injectable,
  SetMetadata,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { randomUUID } from 'node:crypto';
import { Database } from '../../../platform/db/database';
import { Ledger } from '../../../platform/ledger';
import { CREDENTIAL_CHECK_ACTOR, raiseCredentialAlarm } from '../credential-commitments';
import { APP_CONFIG, AppConfig } from '../../../config/config';
import { DomainError } from '../../../platform/errors';
import { errorBody } from '../../../platform/http/error-body';
import { useAdminSession } from '../admin-sessions';
import { TOTP_OUTCOME } from '../domain/admin-totp';
import { AdminRole, roleMayCall } from '../domain/admin.events';
import { loadAdmin, stillIssuedUnder } from '../member-state';
import { AdminClaims } from '../tokens';
import { BearerAuthGuard, BearerJwtStrategy, CurrentPrincipal } from './bearer-jwt';
import { passwordChangeRequired } from './password-change-required';

export interface AdminPrincipal {
  username: string;
  role: AdminRole;
  /** The session of the token (admin_sessions): what logout ends. */
  sessionId: string;
  /** The password is a one-time one still to be changed: only @AccountSetupCall() calls are let through. */
  mustChangePassword: boolean;
  /** Whether the admin's second factor is on (decision 0033). */
  totpEnabled: boolean;
}

const ROLES = 'admin-roles';
/** Which roles may call a route; superadmin may call every route. */
export const Roles = (...roles: AdminRole[]) => SetMetadata(ROLES, roles);

const ACCOUNT_SETUP_CALL = 'admin-account-setup-call';
/**
 * Marks an admin call a token may reach while its account's setup is pending (a one-time password
 * to change; a second factor to enrol where ADMIN_TOTP_REQUIRED): the password change, me, logout,
 * the enrolment calls. Every other call answers 403 until the setup is done (decisions 0032, 0033).
 */
export const AccountSetupCall = () => SetMetadata(ACCOUNT_SETUP_CALL, true);

/** Whether the call being guarded is an @AccountSetupCall(). */
export const isAccountSetupCall = (reflector: Reflector, context: ExecutionContext): boolean =>
  reflector.getAllAndOverride<boolean | undefined>(ACCOUNT_SETUP_CALL, [context.getHandler(), context.getClass()]) ===
  true;

const unauthorized = () => new UnauthorizedException(errorBody(401, 'Please log in again'));

@Injectable()
export class AdminJwtStrategy extends BearerJwtStrategy('admin-jwt') {
  /**
   * The role is read from the ledger's projection on every call, so a demotion takes effect at once;
   * the token must be of the current password and session epoch (no disable, enable or role change
   * since), and its session neither logged out nor idle for ADMIN_IDLE_MINUTES.
   */
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    db: Database,
    private readonly ledger: Ledger,
  ) {
    super(config, db);
  }

  async validate(claims: AdminClaims): Promise<AdminPrincipal> {
    if (claims?.typ !== 'admin' || typeof claims.sub !== 'string') throw unauthorized();
    const admin = await loadAdmin(this.db, claims.sub);
    if (!admin || admin.disabled || !stillIssuedUnder(admin, { credentialVersion: claims.cv, sessionEpoch: claims.se }))
      throw unauthorized();
    // Every role change through the product moves the session epoch on, so a token's role is its
    // admin's role for as long as the token lives: a row whose role moved without it was edited
    // outside the product. It grants nothing; the token ends and the alert is raised (decision 0044).
    if (claims.role !== admin.role) {
      await raiseCredentialAlarm(
        this.ledger,
        {
          table: 'admin_users',
          principal: admin.username,
          problem: 'mismatch',
          check: 'admin-call',
          column: 'role',
          ledger: String(claims.role),
          found: admin.role,
        },
        { actor: CREDENTIAL_CHECK_ACTOR, correlationId: randomUUID() },
      );
      throw unauthorized();
    }
    if (!(await useAdminSession(this.db, admin.username, claims.sid, new Date()))) throw unauthorized();
    return {
      username: admin.username,
      role: admin.role,
      sessionId: claims.sid,
      mustChangePassword: admin.mustChangePassword,
      totpEnabled: admin.totp.factorId !== null,
    };
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
    if (admin.mustChangePassword && !isAccountSetupCall(this.reflector, context)) throw passwordChangeRequired();
    // Where every admin must enrol (production), an admin without a factor reaches only the set-up calls.
    if (this.config.adminTotp.required && !admin.totpEnabled && !isAccountSetupCall(this.reflector, context)) {
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
