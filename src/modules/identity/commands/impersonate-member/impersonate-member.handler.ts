import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { DomainError } from '../../../../platform/errors';
import { Ledger } from '../../../../platform/ledger';
import { adminStream } from '../../domain/admin.events';
import { memberStream } from '../../domain/member.events';
import { MSG } from '../../domain/member.messages';
import { activeImpersonator, loadAdmin, loadMember } from '../../member-state';
import { IMPERSONATION_TTL_SECONDS, TokenService } from '../../tokens';
import { LoginResult, loginRefused } from '../login-member/login-member.command';
import { IssueImpersonationCommand, RedeemImpersonationCommand } from './impersonate-member.command';

@CommandHandler(IssueImpersonationCommand)
export class IssueImpersonationHandler implements ICommandHandler<IssueImpersonationCommand, { token: string; url: string }> {
  constructor(
    private readonly ledger: Ledger,
    private readonly tokens: TokenService,
  ) {}

  async execute({ admin, uid, metadata }: IssueImpersonationCommand): Promise<{ token: string; url: string }> {
    return this.ledger.run(metadata, async (tx) => {
      const member = await loadMember(tx, uid, true);
      if (!member) throw new DomainError('MEMBER.NOT_FOUND', `Member ${uid} does not exist`, 'not-found');
      if (member.blocked) throw new DomainError('MEMBER.BLOCKED', 'A blocked member cannot be logged in as', 'invalid');
      const adminState = await loadAdmin(tx, admin, true);
      if (!adminState) throw new DomainError('ADMIN.NOT_FOUND', 'Unknown admin', 'unauthorized');
      const tokenId = randomUUID();
      const expiresAt = new Date(tx.now.getTime() + IMPERSONATION_TTL_SECONDS * 1000).toISOString();
      await tx.append(adminStream(admin), adminState.version, [{ type: 'ImpersonationTokenIssued', payload: { tokenId, uid, expiresAt } }]);
      const token = this.tokens.impersonation(uid, tokenId, { username: admin, credentialVersion: adminState.credentialVersion });
      return { token, url: `/AdminLogin?token=${encodeURIComponent(token)}` };
    });
  }
}

@CommandHandler(RedeemImpersonationCommand)
export class RedeemImpersonationHandler implements ICommandHandler<RedeemImpersonationCommand, LoginResult> {
  constructor(
    private readonly ledger: Ledger,
    private readonly tokens: TokenService,
  ) {}

  async execute({ token, metadata }: RedeemImpersonationCommand): Promise<LoginResult> {
    const claims = this.tokens.verifyImpersonation(token);
    if (!claims) return loginRefused(MSG.impersonationInvalid);
    return this.ledger.run({ ...metadata, actor: { kind: 'admin', id: claims.adm }, impersonatedBy: claims.adm }, async (tx) => {
      const [issued] = await tx.query<{ uid: string; expires_at: Date; redeemed_at: Date | null }>(
        'select uid, expires_at, redeemed_at from impersonation_tokens where token_id = $1 for update',
        [claims.jti],
      );
      if (!issued || issued.redeemed_at || issued.uid !== claims.sub || issued.expires_at.getTime() <= tx.now.getTime()) return loginRefused(MSG.impersonationInvalid);
      // A link outlives neither its admin's account nor their right to use it.
      const admin = await activeImpersonator(tx, claims.adm, claims.acv);
      if (!admin) return loginRefused(MSG.impersonationInvalid);
      const member = await loadMember(tx, issued.uid, true);
      if (!member || member.blocked) return loginRefused(MSG.impersonationInvalid);
      await tx.append(memberStream(member.uid), member.version, [{ type: 'ImpersonationTokenRedeemed', payload: { tokenId: claims.jti, admin: claims.adm } }]);
      const token = this.tokens.impersonatedMember(member.uid, member.credentialVersion, { username: admin.username, credentialVersion: admin.credentialVersion });
      return { result: MSG.success, resultid: member.uid, resultusername: member.name, token };
    });
  }
}
