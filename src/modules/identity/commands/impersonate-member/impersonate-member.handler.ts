import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { DomainError } from '../../../../platform/errors';
import { Ledger } from '../../../../platform/ledger';
import { MSG } from '../../domain/member.messages';
import { activeImpersonator, loadMember, lockAdmin, lockImpersonationToken, lockMember } from '../../member-state';
import { IMPERSONATION_TTL_SECONDS, TokenService } from '../../tokens';
import { LoginResult, loginRefused } from '../login-member/login-member.command';
import { IssueImpersonationCommand, RedeemImpersonationCommand } from './impersonate-member.command';

@CommandHandler(IssueImpersonationCommand)
export class IssueImpersonationHandler implements ICommandHandler<
  IssueImpersonationCommand,
  { token: string; url: string }
> {
  constructor(
    private readonly ledger: Ledger,
    private readonly tokens: TokenService,
  ) {}

  async execute({ admin, uid, metadata }: IssueImpersonationCommand): Promise<{ token: string; url: string }> {
    return this.ledger.run(metadata, async (tx) => {
      const member = await loadMember(tx, uid, true);
      if (!member) throw new DomainError('MEMBER.NOT_FOUND', `Member ${uid} does not exist`, 'not-found');
      if (member.blocked) throw new DomainError('MEMBER.BLOCKED', 'A blocked member cannot be logged in as', 'invalid');
      const locked = await lockAdmin(tx, admin);
      const adminState = locked?.state;
      if (!locked || !adminState) throw new DomainError('ADMIN.NOT_FOUND', 'Unknown admin', 'unauthorized');
      const tokenId = randomUUID();
      const expiresAt = new Date(tx.now.getTime() + IMPERSONATION_TTL_SECONDS * 1000).toISOString();
      await tx.append(locked, [{ type: 'ImpersonationTokenIssued', payload: { tokenId, uid, expiresAt } }]);
      const token = this.tokens.impersonation(uid, tokenId, {
        username: admin,
        credentialVersion: adminState.credentialVersion,
        sessionEpoch: adminState.sessionEpoch,
        role: adminState.role,
      });
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
    return this.ledger.run(
      { ...metadata, actor: { kind: 'admin', id: claims.adm }, impersonatedBy: claims.adm },
      async (tx) => {
        const issued = await lockImpersonationToken(tx, claims.jti);
        if (!issued || issued.redeemedAt || issued.uid !== claims.sub || issued.expiresAt.getTime() <= tx.now.getTime())
          return loginRefused(MSG.impersonationInvalid);
        // A link outlives neither its admin's account nor their right to use it.
        const admin = await activeImpersonator(tx, claims.adm, {
          credentialVersion: claims.acv,
          sessionEpoch: claims.ase,
          role: claims.ar,
        });
        if (!admin) return loginRefused(MSG.impersonationInvalid);
        const locked = await lockMember(tx, issued.uid);
        const member = locked?.state;
        if (!locked || !member || member.blocked) return loginRefused(MSG.impersonationInvalid);
        await tx.append(locked, [
          { type: 'ImpersonationTokenRedeemed', payload: { tokenId: claims.jti, admin: claims.adm } },
        ]);
        const token = this.tokens.impersonatedMember(member.uid, member, {
          username: admin.username,
          credentialVersion: admin.credentialVersion,
          sessionEpoch: admin.sessionEpoch,
          role: admin.role,
        });
        return { result: MSG.success, resultid: member.uid, resultusername: member.name, token };
      },
    );
  }
}
