import { ExecutionContext, ForbiddenException, Injectable, SetMetadata, UnauthorizedException } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { errorBody } from '../../../platform/http/error-body';
import { AdminRole } from '../domain/admin.events';
import { MSG } from '../domain/member.messages';
import { activeImpersonator, loadMember } from '../member-state';
import { IMPERSONATED_SESSION_SECONDS, MemberClaims } from '../tokens';
import { BearerAuthGuard, BearerJwtStrategy, CurrentPrincipal } from './bearer-jwt';

export interface MemberPrincipal {
  uid: string;
  /** In a "Log in as" session: the admin acting, and their role as of this call. */
  impersonatedBy?: string;
  impersonatorRole?: AdminRole;
}

const MONEY_OR_CREDENTIAL = 'money-or-credential-call';
/**
 * Marks a member call that moves money or e-pins or changes credentials: in a "Log in as" session
 * only a superadmin may make it (MemberAuthGuard answers 403 to anyone else). A new such call
 * only needs this decorator.
 */
export const MoneyOrCredentialCall = () => SetMetadata(MONEY_OR_CREDENTIAL, true);

const loginRequired = () => new UnauthorizedException(errorBody(401, MSG.loginRequired));

/**
 * A member token is good while the member exists, is not blocked and has not changed password
 * since. An impersonated one also needs its admin to be still able to impersonate (enabled, same
 * role rights, same password), and a lifetime of IMPERSONATED_SESSION_SECONDS at most.
 */
@Injectable()
export class MemberJwtStrategy extends BearerJwtStrategy('member-jwt') {
  async validate(claims: MemberClaims): Promise<MemberPrincipal> {
    if (claims?.typ !== 'member' || typeof claims.sub !== 'string') throw loginRequired();
    const member = await loadMember(this.db, claims.sub);
    if (!member || member.blocked || member.credentialVersion !== claims.cv) throw loginRequired();
    if (claims.imp === undefined) return { uid: member.uid };
    if (
      typeof claims.imp !== 'string' ||
      !claims.iat ||
      !claims.exp ||
      claims.exp - claims.iat > IMPERSONATED_SESSION_SECONDS
    )
      throw loginRequired();
    const admin = await activeImpersonator(this.db, claims.imp, claims.acv);
    if (!admin) throw loginRequired();
    return { uid: member.uid, impersonatedBy: admin.username, impersonatorRole: admin.role };
  }
}

/**
 * Authenticates the member and enforces the uid-from-token rule: a `uid` in the body or query
 * that is not the token's own is refused, never acted on. Also refuses a @MoneyOrCredentialCall()
 * in a "Log in as" session of an admin other than a superadmin.
 */
@Injectable()
export class MemberAuthGuard extends BearerAuthGuard('member-jwt', loginRequired) {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context);
    const request = context.switchToHttp().getRequest<FastifyRequest & { user: MemberPrincipal }>();
    const claimed = [
      (request.body as { uid?: unknown } | undefined)?.uid,
      (request.query as { uid?: unknown } | undefined)?.uid,
    ].filter((v) => v !== undefined && v !== '');
    if (claimed.some((uid) => String(uid) !== request.user.uid))
      throw new ForbiddenException(errorBody(403, 'Access denied for this user id'));
    const { impersonatedBy, impersonatorRole } = request.user;
    if (
      impersonatedBy &&
      impersonatorRole !== 'superadmin' &&
      this.reflector.get<boolean | undefined>(MONEY_OR_CREDENTIAL, context.getHandler())
    ) {
      throw new ForbiddenException(errorBody(403, MSG.impersonationRefused));
    }
    return true;
  }
}

/** The MemberPrincipal of the call. */
export const CurrentMember = CurrentPrincipal;
