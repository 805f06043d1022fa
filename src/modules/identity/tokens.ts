import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AdminRole } from './domain/admin.events';

/**
 * A member session: the subject is the uid; `cv` ties it to the credential version (a password
 * change ends older sessions). An impersonated ("Log in as") session names the admin in `imp` and
 * the admin's credential version in `acv`, and lasts IMPERSONATED_SESSION_SECONDS at most.
 */
export interface MemberClaims {
  typ: 'member';
  sub: string;
  cv: number;
  imp?: string;
  acv?: number;
  iat?: number;
  exp?: number;
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
  /** The admin's credential version when the link was issued: a password change voids the link. */
  acv: number;
}

export const IMPERSONATION_TTL_SECONDS = 60;
/** An impersonated member session lasts 30 minutes at most, whatever JWT_EXPIRES_IN says. */
export const IMPERSONATED_SESSION_SECONDS = 30 * 60;

/**
 * The browser that registered a member: it alone sees the welcome letter's email and mobile in full
 * (docs/decisions/0035). No session: no call but WelcomeDetails reads it.
 */
export interface WelcomeClaims {
  typ: 'welcome';
  sub: string;
}

/** A welcome token lasts as long as the letter is fresh. */
export const WELCOME_TOKEN_SECONDS = 30 * 60;

/** Who acts in an impersonated session: the admin and the credential version they held. */
export interface Impersonator {
  username: string;
  credentialVersion: number;
}

@Injectable()
export class TokenService {
  constructor(private readonly jwt: JwtService) {}

  member(uid: string, credentialVersion: number): string {
    const claims: MemberClaims = { typ: 'member', sub: uid, cv: credentialVersion };
    return this.jwt.sign(claims);
  }

  impersonatedMember(uid: string, credentialVersion: number, admin: Impersonator): string {
    const claims: MemberClaims = {
      typ: 'member',
      sub: uid,
      cv: credentialVersion,
      imp: admin.username,
      acv: admin.credentialVersion,
    };
    return this.jwt.sign(claims, { expiresIn: IMPERSONATED_SESSION_SECONDS });
  }

  admin(username: string, role: AdminRole, credentialVersion: number): string {
    const claims: AdminClaims = { typ: 'admin', sub: username, role, cv: credentialVersion };
    return this.jwt.sign(claims);
  }

  impersonation(uid: string, tokenId: string, admin: Impersonator): string {
    const claims: ImpersonationClaims = {
      typ: 'impersonation',
      sub: uid,
      jti: tokenId,
      adm: admin.username,
      acv: admin.credentialVersion,
    };
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

  /** The welcome token `registrationWeb` answers: it shows the new member's own contact details on the welcome letter. */
  welcome(uid: string): string {
    const claims: WelcomeClaims = { typ: 'welcome', sub: uid };
    return this.jwt.sign(claims, { expiresIn: WELCOME_TOKEN_SECONDS });
  }

  /** Whether `token` is a current welcome token for `uid` (anything else, a non-string too, is not). */
  welcomeTokenFor(token: unknown, uid: string): boolean {
    if (typeof token !== 'string' || token.length > 2048) return false;
    try {
      const claims = this.jwt.verify<WelcomeClaims>(token);
      return claims.typ === 'welcome' && claims.sub === uid;
    } catch {
      return false;
    }
  }
}
