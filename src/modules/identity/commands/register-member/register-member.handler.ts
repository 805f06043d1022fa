import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomInt } from 'node:crypto';
import { APP_CONFIG, AppConfig } from '../../../../config/config';
import { DomainError } from '../../../../platform/errors';
import { Ledger, LedgerTx } from '../../../../platform/ledger';
import { checkRegistration } from '../../domain/member.decide';
import { MemberRegistered, memberStream } from '../../domain/member.events';
import { MSG, REGISTRATION_MSG } from '../../domain/member.messages';
import { insertMemberCredentials, registrationCommitment } from '../../credential-commitments';
import { loadMember } from '../../member-state';
import { hashPassword, secretFingerprint } from '../../passwords';
import { TokenService } from '../../tokens';
import { RegisterMemberCommand, RegistrationResult } from './register-member.command';

/** Tries at finding an unused random id before giving up (the id space is 900,000 wide). */
const UID_ATTEMPTS = 20;

async function freeUid(tx: LedgerTx): Promise<string> {
  for (let i = 0; i < UID_ATTEMPTS; i++) {
    const uid = String(randomInt(100_001, 1_000_000));
    const taken = await tx.query('select 1 from members where uid = $1', [uid]);
    if (taken.length === 0) return uid;
  }
  throw new DomainError('MEMBER.NO_FREE_ID', 'No member id is free right now, please try again', 'conflict');
}

@CommandHandler(RegisterMemberCommand)
export class RegisterMemberHandler implements ICommandHandler<RegisterMemberCommand, RegistrationResult> {
  constructor(
    private readonly ledger: Ledger,
    private readonly tokens: TokenService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ input, metadata, idempotencyKey, assignUid }: RegisterMemberCommand): Promise<RegistrationResult> {
    const problem = checkRegistration(input);
    if (problem) throw new DomainError('MEMBER.INVALID_REGISTRATION', problem, 'invalid');
    const countryId = Number(input.countryid.trim());
    const country = await this.ledger.db.query('select 1 from countries where id = $1', [countryId]);
    if (country.length === 0)
      throw new DomainError('MEMBER.INVALID_REGISTRATION', REGISTRATION_MSG.countryRequired, 'invalid');

    // Hash outside the transaction: argon2 is deliberately slow and must not hold a connection.
    const [passwordHash, txnPasswordHash] = await Promise.all([
      hashPassword(input.password),
      hashPassword(input.password),
    ]);
    const request = { ...input, password: secretFingerprint(this.config.jwtSecret, input.password) };

    const result = await this.ledger.run(
      metadata,
      async (tx) => {
        const sponsor = await loadMember(tx, input.sid.trim());
        if (!sponsor) return { result: MSG.sponsorMissing, uid_output: '' };
        const uid = assignUid ?? (await freeUid(tx));
        const credentials = { principal: uid, version: 1, passwordHash, txnPasswordHash };
        // One event: the first credentials' commitment rides in the registration (decision 0060).
        const registered: MemberRegistered = {
          uid,
          sponsorUid: sponsor.uid,
          name: input.name.trim(),
          email: input.email.trim(),
          mobile: input.mobile.trim(),
          countryId,
          city: input.city.trim(),
          state: input.state.trim(),
          upiNumber: input.upinumber.trim(),
          walletAddress: input.walletAddress.trim(),
          credentialVersion: 1,
          ...registrationCommitment(this.config.credentialCommitmentKey, credentials),
        };
        await tx.append(memberStream(uid), 0, [{ type: 'MemberRegistered', payload: registered }]);
        await insertMemberCredentials(tx, credentials);
        return { result: MSG.registered, uid_output: uid };
      },
      idempotencyKey ? { idempotency: { scope: 'registrationWeb', key: idempotencyKey, request } } : {},
    );
    // Signed after the transaction, never stored: a replay under the same Idempotency-Key gets a fresh one.
    return result.uid_output ? { ...result, welcomeToken: this.tokens.welcome(result.uid_output) } : result;
  }
}
