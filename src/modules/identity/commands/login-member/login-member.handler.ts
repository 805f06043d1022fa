import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, AppConfig } from '../../../../config/config';
import { Ledger } from '../../../../platform/ledger';
import { decideLogin } from '../../domain/member.decide';
import { memberStream } from '../../domain/member.events';
import { MSG } from '../../domain/member.messages';
import { currentPasswordHash, loadMember } from '../../member-state';
import { burnVerification, verifyPassword } from '../../passwords';
import { TokenService } from '../../tokens';
import { LoginMemberCommand, LoginResult, loginRefused } from './login-member.command';

/** Every attempt on an existing id is an event: successes, failures and lock-outs. */
@CommandHandler(LoginMemberCommand)
export class LoginMemberHandler implements ICommandHandler<LoginMemberCommand, LoginResult> {
  constructor(
    private readonly ledger: Ledger,
    private readonly tokens: TokenService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ uid, password, metadata }: LoginMemberCommand): Promise<LoginResult> {
    const before = await loadMember(this.ledger.db, uid);
    if (!before) {
      await burnVerification(password);
      return loginRefused(MSG.badLogin);
    }
    const hash = await currentPasswordHash(this.ledger.db, 'member_credentials', uid, before.credentialVersion);
    const passwordOk = hash !== null && (await verifyPassword(hash, password));
    const policy = { maxFailures: this.config.lockout.maxFailures, lockoutMinutes: this.config.lockout.minutes };

    return this.ledger.run({ ...metadata, actor: { kind: 'member', id: uid } }, async (tx) => {
      const state = await loadMember(tx, uid, true);
      if (!state) return loginRefused(MSG.badLogin);
      // A password change between the check and now makes the check stale: refuse, don't guess.
      const stillValid = passwordOk && state.credentialVersion === before.credentialVersion;
      const decision = decideLogin(state, stillValid, tx.now, policy);
      await tx.append(memberStream(uid), state.version, decision.events);
      switch (decision.outcome) {
        case 'blocked':
          return loginRefused(MSG.blocked);
        case 'locked':
          return loginRefused(MSG.lockedOut(this.config.lockout.minutes));
        case 'failed':
          return loginRefused(MSG.badLogin);
        case 'ok':
          return { result: MSG.success, resultid: uid, resultusername: state.name, token: this.tokens.member(uid, state.credentialVersion) };
      }
    });
  }
}
