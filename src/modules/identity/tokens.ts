import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AdminRole } from './domain/admin.events';

/**
 * A member session: the subject is the uid; `cv` ties it to the credential version (a password
 * change ends older sessions), `se` to the session epoch (a block or unblock ends them, decision
 * 0032). An impersonated ("Log in as") session names the admin in `imp` and the admin's credential
 * version and session epoch in `acv` and `ase`, and lasts IMPERSONATED_SESSION_SECONDS at most.
 * Tokens issued before decision 0032 carry no `se`/`ase`: taken as epoch 0.
 */
export interface MemberClaims {
  typ: 'member';
  sub: string;
  cv: number;
  se?: number;
  imp?: string;
  acv?: number;
  ase?: number;
  /** The impersonating admin's role when the session began (absent before decision 0044): a role edited since ends it. */
  ar?: AdminRole;
  iat?: number;
  exp?: number;
}

/** An admin session: `cv` and `se` as a member's, `sid` the admin_sessions row (logout, idle end). */
export interface AdminClaims {
  typ: 'admin';
  sub: string;
  role: AdminRole;
  cv: number;
  se: number;
  sid: string;
}

/** The credential version and session epoch an account's token is issued under. */
export interface AccountVersion {
  credentialVersion: number;
  sessionEpoch: number;
}

/** A single-use "Log in as" token: 60 seconds, redeemed once through the ledger. */
export interface ImpersonationClaims {
  typ: 'impersonation';
  sub: string;
  jti: string;
  adm: string;
  /** The admin's credential version and session epoch when the link was issued: a password change, disable or role change voids the link. */
  acv: number;
  ase?: number;
  /** The admin's role when the link was issued (decision 0044). */
  ar?: AdminRole;
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

/** Who acts in an impersonated session: the admin and the credential version and session epoch they held. */
export interface Impersonator extends AccountVersion {
  username: string;
  role: AdminRole;
}

@Injectable()
export class TokenService {
  constructor(private readonly jwt: JwtService) {}

  member(uid: string, member: AccountVersion): string {
    const claims: MemberClaims = { typ: 'member', sub: uid, cv: member.credentialVersion, se: member.sessionEpoch };
    return this.jwt.sign(claims);
  }

  impersonatedMember(uid: string, member: AccountVersion, admin: Impersonator): string {
    const claims: MemberClaims = {
      typ: 'member',
      sub: uid,
      cv: member.credentialVersion,
      se: member.sessionEpoch,
      imp: admin.username,
      acv: admin.credentialVersion,
      ase: admin.sessionEpoch,
      ar: admin.role,
    };
    return this.jwt.sign(claims, { expiresIn: IMPERSONATED_SESSION_SECONDS });
  }

  admin(username: string, role: AdminRole, admin: AccountVersion, sessionId: string): string {
    const claims: AdminClaims = {
      typ: 'admin',
      sub: username,
      role,
      cv: admin.credentialVersion,
      se: admin.sessionEpoch,
      sid: sessionId,
    };
    return this.jwt.sign(claims);
  }

  impersonation(uid: string, tokenId: string, admin: Impersonator): string {
    const claims: ImpersonationClaims = {
      typ: 'impersonation',
      sub: uid,
      jti: tokenId,
      adm: admin.username,
      acv: admin.credentialVersion,
      ase: admin.sessionEpoch,
      ar: admin.role,
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
