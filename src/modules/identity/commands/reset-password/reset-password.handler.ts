import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, AppConfig } from '../../../../config/config';
import { sha256Hex } from '../../../../platform/event-store/canonical';
import { InvariantViolation } from '../../../../platform/errors';
import { Ledger } from '../../../../platform/ledger';
import { decideResetPassword } from '../../domain/member.decide';
import { MSG } from '../../domain/member.messages';
import { storeNextMemberCredentials } from '../../credential-commitments';
import { lockMember } from '../../member-state';
import { hashPassword } from '../../passwords';
import { ResetPasswordCommand } from './reset-password.command';

const TOKEN_PATTERN = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{20,100})$/;

@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand, { result: string }> {
  constructor(
    private readonly ledger: Ledger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ token, password, metadata }: ResetPasswordCommand): Promise<{ result: string }> {
    const match = TOKEN_PATTERN.exec(token);
    if (!match) return { result: MSG.resetInvalid };
    const [, tokenId, secret] = match;
    const passwordHash = await hashPassword(password);
    return this.ledger.run(metadata, async (tx) => {
      const [reset] = await tx.query<{ uid: string; secret_hash: string; expires_at: Date; used_at: Date | null }>(
        'select uid, secret_hash, expires_at, used_at from password_resets where token_id = $1',
        [tokenId],
      );
      if (!reset) return { result: MSG.resetInvalid };
      const locked = await lockMember(tx, reset.uid);
      if (!locked) return { result: MSG.resetInvalid };
      const member = locked.state;
      const events = decideResetPassword(
        member,
        { uid: reset.uid, secretHash: reset.secret_hash, expiresAt: reset.expires_at, usedAt: reset.used_at },
        tokenId,
        sha256Hex(secret),
        tx.now,
      );
      if (!events) return { result: MSG.resetInvalid };
      await tx.append(locked, events);
      if (
        !(await storeNextMemberCredentials(
          tx,
          this.config.credentialCommitmentKey,
          member.uid,
          member.credentialVersion,
          {
            passwordHash,
          },
        ))
      )
        throw new InvariantViolation(
          `member ${member.uid} has no credential row of version ${member.credentialVersion}`,
        );
      return { result: MSG.resetDone };
    });
  }
}
