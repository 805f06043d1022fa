import { ExecutionContext, ForbiddenException, Injectable, SetMetadata, UnauthorizedException } from '@nestjs/common';
import { errorBody } from '../../../platform/http/error-body';
import { AdminRole, roleMayCall } from '../domain/admin.events';
import { loadAdmin } from '../member-state';
import { AdminClaims } from '../tokens';
import { BearerAuthGuard, BearerJwtStrategy, CurrentPrincipal } from './bearer-jwt';

export interface AdminPrincipal {
  username: string;
  role: AdminRole;
}

const ROLES = 'admin-roles';
/** Which roles may call a route; superadmin may call every route. */
export const Roles = (...roles: AdminRole[]) => SetMetadata(ROLES, roles);

const unauthorized = () => new UnauthorizedException(errorBody(401, 'Please log in again'));

@Injectable()
export class AdminJwtStrategy extends BearerJwtStrategy('admin-jwt') {
  /** The role is read from the ledger's projection on every call, so a demotion takes effect at once. */
  async validate(claims: AdminClaims): Promise<AdminPrincipal> {
    if (claims?.typ !== 'admin' || typeof claims.sub !== 'string') throw unauthorized();
    const admin = await loadAdmin(this.db, claims.sub);
    if (!admin || admin.disabled || admin.credentialVersion !== claims.cv) throw unauthorized();
    return { username: admin.username, role: admin.role };
  }
}

@Injectable()
export class AdminAuthGuard extends BearerAuthGuard('admin-jwt', unauthorized) {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    await super.canActivate(context);
    const admin = context.switchToHttp().getRequest<{ user: AdminPrincipal }>().user;
    const roles =
      this.reflector.getAllAndOverride<AdminRole[] | undefined>(ROLES, [context.getHandler(), context.getClass()]) ??
      [];
    if (!roleMayCall(admin.role, roles)) throw new ForbiddenException(errorBody(403, 'Your role may not do this'));
    return true;
  }
}

/** The AdminPrincipal of the call. */
export const CurrentAdmin = CurrentPrincipal;
