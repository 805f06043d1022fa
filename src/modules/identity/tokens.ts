import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AdminRole } from './domain/admin.events';

/** A member session: the subject is the uid; `cv` ties it to the credential version (a password change ends older sessions). */
export interface MemberClaims {
  typ: 'member';
  sub: string;
  cv: number;
  imp?: string;
}

export interface AdminClaims {
  typ: 'admin';
  sub: string;
  role: AdminRole;
  cv: number;
}

/** A single-use "Log in as" token: 60 seconds, redeemed once through the ledger. */
export interface ImpersonationClaims {
  typ: 'impersonation';
  sub: string;
  jti: string;
  adm: string;
}

export const IMPERSONATION_TTL_SECONDS = 60;

@Injectable()
export class TokenService {
  constructor(private readonly jwt: JwtService) {}

  member(uid: string, credentialVersion: number, impersonatedBy?: string): string {
    const claims: MemberClaims = { typ: 'member', sub: uid, cv: credentialVersion, ...(impersonatedBy ? { imp: impersonatedBy } : {}) };
    return this.jwt.sign(claims);
  }

  admin(username: string, role: AdminRole, credentialVersion: number): string {
    const claims: AdminClaims = { typ: 'admin', sub: username, role, cv: credentialVersion };
    return this.jwt.sign(claims);
  }

  impersonation(uid: string, tokenId: string, admin: string): string {
    const claims: ImpersonationClaims = { typ: 'impersonation', sub: uid, jti: tokenId, adm: admin };
    return this.jwt.sign(claims, { expiresIn: IMPERSONATION_TTL_SECONDS });
  }

  verifyImpersonation(token: string): ImpersonationClaims | null {
    try {
      const claims = this.jwt.verify<ImpersonationClaims>(token);
      return claims.typ === 'impersonation' ? claims : null;
    } catch {
      return null;
    }
  }
}
