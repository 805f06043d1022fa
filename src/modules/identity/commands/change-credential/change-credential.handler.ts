import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, AppConfig } from '../../../../config/config';
import { DomainError } from '../../../../platform/errors';
import { Ledger } from '../../../../platform/ledger';
import { checkCredentialChange, CREDENTIAL_OUTCOME, decideCredentialChange } from '../../domain/credentials';
import { storeNextMemberCredentials } from '../../credential-commitments';
import { lockMember } from '../../member-state';
import { hashPassword } from '../../passwords';
import { TokenService } from '../../tokens';
import { SECRET_CHECK_OUTCOME } from '../../domain/secret-checks';
import { proveMemberSecret } from '../../verify-secret';
import { ChangeCredentialCommand, CredentialChangeResult } from './change-credential.command';

/**
 * Checks the input (a 400 with the spec's text), proves the current secret outside any transaction
 * (argon2 is slow on purpose; too many wrong ones lock the checks for a while, decision 0029), then appends the change at the member's stream and stores the new
 * hash as the next credential version beside the ledger, the other secret carried over. The
 * members row's credential version moves on, so every older session ends at its next call; the
 * member's own session gets a token of the new version.
 */
@CommandHandler(ChangeCredentialCommand)
export class ChangeCredentialHandler implements ICommandHandler<ChangeCredentialCommand, CredentialChangeResult> {
  constructor(
    private readonly ledger: Ledger,
    private readonly tokens: TokenService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(command: ChangeCredentialCommand): Promise<CredentialChangeResult> {
    const { uid, kind, current, next, confirm, impersonated, metadata } = command;
    const problem = checkCredentialChange(kind, { current, next, confirm });
    if (problem) throw new DomainError(problem.code, problem.text, 'invalid');
    const proved = await proveMemberSecret(this.ledger, this.config, uid, kind, current, metadata);
    if (!proved.ok && proved.locked) return SECRET_CHECK_OUTCOME.lockedOut(proved.minutes);
    if (!proved.ok)
      return kind === 'password' ? CREDENTIAL_OUTCOME.wrongPassword : CREDENTIAL_OUTCOME.wrongTransactionPassword;
    const hash = await hashPassword(next);
    const version = await this.ledger.run(metadata, async (tx) => {
      const member = await lockMember(tx, uid);
      if (!member || member.state.credentialVersion !== proved.credentialVersion)
        throw new DomainError(
          CREDENTIAL_OUTCOME.changedMeanwhile.code,
          CREDENTIAL_OUTCOME.changedMeanwhile.text,
          'conflict',
        );
      const from = member.state.credentialVersion;
      await tx.append(member, decideCredentialChange(kind, from));
      const stored = await storeNextMemberCredentials(
        tx,
        this.config.credentialCommitmentKey,
        uid,
        from,
        kind === 'password' ? { passwordHash: hash } : { txnPasswordHash: hash },
      );
      if (!stored)
        throw new DomainError(
          CREDENTIAL_OUTCOME.changedMeanwhile.code,
          CREDENTIAL_OUTCOME.changedMeanwhile.text,
          'conflict',
        );
      return { credentialVersion: from + 1, sessionEpoch: member.state.sessionEpoch };
    });
    return impersonated
      ? { ...CREDENTIAL_OUTCOME.changed }
      : { ...CREDENTIAL_OUTCOME.changed, token: this.tokens.member(uid, version) };
  }
}
