import {
  BadRequestException,
  ExecutionContext,
  ForbiddenException,
  Injectable,
  SetMetadata,
  UnauthorizedException,
} from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { errorBody } from '../../../platform/http/error-body';
import { AdminRole } from '../domain/admin.events';
import { MSG } from '../domain/member.messages';
import { ReadState } from '../../../platform/db/read-state';
import { activeImpersonator, loadMemberSession, stillIssuedUnder } from '../member-state';
import { passwordChangeRequired } from './password-change-required';
import { IMPERSONATED_SESSION_SECONDS, MemberClaims } from '../tokens';
import { BearerAuthGuard, BearerJwtStrategy, CurrentPrincipal } from './bearer-jwt';

export interface MemberPrincipal {
  uid: string;
  /** In a "Log in as" session: the admin acting, and their role as of this call. */
  impersonatedBy?: string;
  impersonatorRole?: AdminRole;
  /** The account's password is a one-time one still to be changed: only the password change is let through. */
  mustChangePassword?: boolean;
  /** What the session check's statement saw of the database: answers may be kept under it (decision 0058). */
  readState?: ReadState;
}

const MONEY_OR_CREDENTIAL = 'money-or-credential-call';
/**
 * Marks a member call that moves money or e-pins or changes credentials: in a "Log in as" session
 * only a superadmin may make it (MemberAuthGuard answers 403 to anyone else). A new such call
 * only needs this decorator.
 */
export const MoneyOrCredentialCall = () => SetMetadata(MONEY_OR_CREDENTIAL, true);

const PASSWORD_CHANGE_CALL = 'password-change-call';
/**
 * Marks the member call that changes the login password, `isChange(body)` telling which of its
 * bodies do: the one call (and body) an account with a one-time password may make (decision 0032).
 */
export const PasswordChangeCall = (isChange: (body: unknown) => boolean) => SetMetadata(PASSWORD_CHANGE_CALL, isChange);

/** `source[key]` if `source` is a plain JSON object holding it as its own field (a body may be any JSON value). */
function ownField(source: unknown, key: string): unknown {
  if (source === null || typeof source !== 'object' || Array.isArray(source)) return undefined;
  return Object.prototype.hasOwnProperty.call(source, key) ? (source as Record<string, unknown>)[key] : undefined;
}

const READ_CALL = 'member-read-call';
/**
 * Marks a member POST that only reads (the contract reads by POST: userDashboard, the reports…). In a
 * read-only "Log in as" session (an admin other than a superadmin) every other call but a GET answers
 * 403: a new call is refused there until it is marked a read, never allowed by default.
 */
export const MemberReadCall = () => SetMetadata(READ_CALL, true);

/** A "Log in as" session of an admin other than a superadmin: it may read, never write, and sees PAN and Aadhaar masked. */
export const readOnlySession = (member: MemberPrincipal): boolean =>
  member.impersonatedBy !== undefined && member.impersonatorRole !== 'superadmin';

const loginRequired = () => new UnauthorizedException(errorBody(401, MSG.loginRequired));

/**
 * A member token is good while the member exists, is not blocked and has not changed password nor
 * been blocked or unblocked since (credential version and session epoch). An impersonated one also needs its admin to be still able to impersonate (enabled, same
 * role rights, same password), and a lifetime of IMPERSONATED_SESSION_SECONDS at most.
 */
@Injectable()
export class MemberJwtStrategy extends BearerJwtStrategy('member-jwt') {
  async validate(claims: MemberClaims): Promise<MemberPrincipal> {
    if (claims?.typ !== 'member' || typeof claims.sub !== 'string') throw loginRequired();
    const session = await loadMemberSession(this.db, claims.sub);
    if (!session) throw loginRequired();
    const { member, readState } = session;
    if (member.blocked || !stillIssuedUnder(member, { credentialVersion: claims.cv, sessionEpoch: claims.se }))
      throw loginRequired();
    const { mustChangePassword } = member;
    if (claims.imp === undefined) return { uid: member.uid, mustChangePassword, readState };
    if (
      typeof claims.imp !== 'string' ||
      !claims.iat ||
      !claims.exp ||
      claims.exp - claims.iat > IMPERSONATED_SESSION_SECONDS
    )
      throw loginRequired();
    const admin = await activeImpersonator(this.db, claims.imp, {
      credentialVersion: claims.acv,
      sessionEpoch: claims.ase,
      role: claims.ar,
    });
    if (!admin) throw loginRequired();
    return {
      uid: member.uid,
      impersonatedBy: admin.username,
      impersonatorRole: admin.role,
      mustChangePassword,
      readState,
    };
  }
}

/**
 * Authenticates the member and enforces the uid-from-token rule: a `uid` in the body or query
 * that is not the token's own is refused, never acted on. Also refuses a @MoneyOrCredentialCall()
 * in a "Log in as" session of an admin other than a superadmin, and anything but the password change
 * of an account whose password is a one-time one (403 AUTH.PASSWORD_CHANGE_REQUIRED).
 */
@Injectable()
export class MemberAuthGuard extends BearerAuthGuard('member-jwt', loginRequired) {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context);
    const request = context.switchToHttp().getRequest<FastifyRequest & { user: MemberPrincipal }>();
    if (request.user.mustChangePassword) {
      const isChange = this.reflector.get<((body: unknown) => boolean) | undefined>(
        PASSWORD_CHANGE_CALL,
        context.getHandler(),
      );
      if (!isChange?.(request.body)) throw passwordChangeRequired();
    }
    const claimed = [ownField(request.body, 'uid'), ownField(request.query, 'uid')].filter(
      (v) => v !== undefined && v !== null && v !== '',
    );
    // A uid is text (or a whole number, as some clients send it); anything else is the caller's error, never coerced.
    if (claimed.some((uid) => typeof uid !== 'string' && !Number.isSafeInteger(uid)))
      throw new BadRequestException(errorBody(400, 'uid must be a user id'));
    if (claimed.some((uid) => `${uid as string | number}` !== request.user.uid))
      throw new ForbiddenException(errorBody(403, 'Access denied for this user id'));
    if (readOnlySession(request.user) && !this.isRead(context, request.method))
      throw new ForbiddenException(errorBody(403, MSG.impersonationRefused));
    return true;
  }

  /** A GET, or a POST marked @MemberReadCall() (a money or credential call never is). */
  private isRead(context: ExecutionContext, method: string): boolean {
    if (this.reflector.get<boolean | undefined>(MONEY_OR_CREDENTIAL, context.getHandler())) return false;
    return (
      method === 'GET' ||
      method === 'HEAD' ||
      this.reflector.get<boolean | undefined>(READ_CALL, context.getHandler()) === true
    );
  }
}

/** The MemberPrincipal of the call. */
export const CurrentMember = CurrentPrincipal;
