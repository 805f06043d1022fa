import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, AppConfig } from '../../../../config/config';
import { Ledger } from '../../../../platform/ledger';
import { decideLogin } from '../../domain/member.decide';
import { memberStream } from '../../domain/member.events';
import { MSG } from '../../domain/member.messages';
import { addressOf, loginPolicy, passLoginGate, StrangerTurns } from '../../login-gate';
import {
  checkCredentialRow,
  CREDENTIAL_CHECK_ACTOR,
  memberCredentialRow,
  raiseCredentialAlarm,
} from '../../credential-commitments';
import { loadLoginAddress, loadMember, lockMember } from '../../member-state';
import { burnVerification, verifyPassword } from '../../passwords';
import { TokenService } from '../../tokens';
import { LoginMemberCommand, LoginResult, loginRefused } from './login-member.command';

/**
 * Every attempt on an existing id is an event: successes, failures and lock-outs. Failures count
 * per (member, client address), and an attempt from an address that never logged in to a member
 * under attack waits for its turn, or is answered at once, unchecked, when the queue is full (login-gate.ts).
 */
@CommandHandler(LoginMemberCommand)
export class LoginMemberHandler implements ICommandHandler<LoginMemberCommand, LoginResult> {
  constructor(
    private readonly ledger: Ledger,
    private readonly tokens: TokenService,
    private readonly turns: StrangerTurns,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ uid, password, metadata }: LoginMemberCommand): Promise<LoginResult> {
    const before = await loadMember(this.ledger.db, uid);
    if (!before) {
      await burnVerification(password);
      return loginRefused(MSG.badLogin);
    }
    const account = memberStream(uid);
    const policy = loginPolicy(this.config);
    const gate = await passLoginGate(this.ledger.db, this.turns, account, metadata, policy);
    if (gate === 'locked') return loginRefused(MSG.lockedOut(policy.lockoutMinutes));
    if (gate === 'busy') return loginRefused(MSG.busy);
    const row = await memberCredentialRow(this.ledger.db, uid, before.credentialVersion);
    // A row the ledger did not commit to (a hash swapped or put in by the database's owner) is never
    // checked: the login is refused and the alert raised (decision 0044).
    const problem = row && (await checkCredentialRow(this.ledger.db, this.config.credentialCommitmentKey, row));
    if (row && problem !== 'ok') {
      await raiseCredentialAlarm(
        this.ledger,
        {
          table: row.table,
          principal: uid,
          version: row.version,
          problem: problem ?? 'missing',
          check: 'member-login',
        },
        { ...metadata, actor: CREDENTIAL_CHECK_ACTOR },
      );
      return loginRefused(MSG.credentialUnverified);
    }
    const passwordOk = row !== null && (await verifyPassword(row.passwordHash, password));

    return this.ledger.run({ ...metadata, actor: { kind: 'member', id: uid } }, async (tx) => {
      const member = await lockMember(tx, uid);
      if (!member) return loginRefused(MSG.badLogin);
      const state = member.state;
      // A password change between the check and now makes the check stale: refuse, don't guess.
      const stillValid = passwordOk && state.credentialVersion === before.credentialVersion;
      // Read under the member's row lock: concurrent attempts on one member count one after another.
      const address = await loadLoginAddress(tx, account, addressOf(metadata));
      const decision = decideLogin(state, stillValid, address, tx.now, policy);
      await tx.append(member, decision.events);
      // A blocked account answers the blocked text whether the password was right or wrong, even on the
      // failure that locks the address out (docs/decisions/0035): it tells the member to contact the admin
      // and a guesser nothing about the password. Failures are still counted.
      if (state.blocked) return loginRefused(MSG.blocked);
      switch (decision.outcome) {
        case 'blocked':
          return loginRefused(MSG.blocked);
        case 'locked':
          return loginRefused(MSG.lockedOut(policy.lockoutMinutes));
        case 'failed':
          return loginRefused(MSG.badLogin);
        case 'ok':
          return {
            result: MSG.success,
            resultid: uid,
            resultusername: state.name,
            token: this.tokens.member(uid, state),
          };
      }
    });
  }
}
