import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { toDataURL } from 'qrcode';
import { APP_CONFIG, AppConfig } from '../../../../config/config';
import { DomainError } from '../../../../platform/errors';
import { Ledger } from '../../../../platform/ledger';
import { decideAttempt } from '../../domain/login-attempts';
import {
  acceptedStep,
  newRecoveryCodes,
  newTotpSecret,
  RECOVERY_CODE_COUNT,
  secretCommitment,
  TOTP_OUTCOME,
  totpFor,
} from '../../domain/admin-totp';
import { AdminState } from '../../domain/admin.events';
import { loginPolicy } from '../../login-gate';
import { lockAdmin } from '../../member-state';
import { commitCredentials } from '../../credential-commitments';
import { loadTotpSecret, proveSecondFactor, storeRecoveryCodes, storeTotpSecret } from '../../totp-secrets';
import {
  DisableAdminTotpCommand,
  EnableAdminTotpCommand,
  ResetAdminTotpCommand,
  SetUpAdminTotpCommand,
  TotpSetup,
} from './admin-totp.command';

const fail = (o: { code: string; text: string }, kind: 'invalid' | 'conflict' | 'not-found' | 'too-many') =>
  new DomainError(o.code, o.text, kind);

async function lockExisting(tx: Parameters<Parameters<Ledger['run']>[1]>[0], username: string) {
  const locked = await lockAdmin(tx, username);
  if (!locked) throw new DomainError('ADMIN.NOT_FOUND', `Admin ${username} does not exist`, 'not-found');
  return locked;
}

@CommandHandler(SetUpAdminTotpCommand)
export class SetUpAdminTotpHandler implements ICommandHandler<SetUpAdminTotpCommand, TotpSetup> {
  constructor(
    private readonly ledger: Ledger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ username, metadata }: SetUpAdminTotpCommand): Promise<TotpSetup> {
    const secret = newTotpSecret();
    const factorId = randomUUID();
    await this.ledger.run(metadata, async (tx) => {
      const locked = await lockExisting(tx, username);
      if (locked.state.totp.factorId) throw fail(TOTP_OUTCOME.alreadyEnabled, 'conflict');
      const secretCipher = await storeTotpSecret(tx, this.config.adminTotp.secretKey, factorId, username, secret);
      await tx.append(locked, [
        { type: 'AdminTotpSetUp', payload: { factorId, secretSha256: secretCommitment(secret) } },
      ]);
      await commitCredentials(tx, this.config.credentialCommitmentKey, [
        { table: 'admin_totp_secrets', principal: username, factorId, secretCipher },
      ]);
    });
    const otpauthUrl = totpFor(username, secret).toString();
    return { secret, otpauthUrl, qrDataUrl: await toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2 }) };
  }
}

@CommandHandler(EnableAdminTotpCommand)
export class EnableAdminTotpHandler implements ICommandHandler<
  EnableAdminTotpCommand,
  { enabled: true; recoveryCodes: string[] }
> {
  constructor(
    private readonly ledger: Ledger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ username, code, metadata }: EnableAdminTotpCommand) {
    const recoveryCodes = newRecoveryCodes();
    return this.ledger.run(metadata, async (tx) => {
      const locked = await lockExisting(tx, username);
      const { factorId, pendingFactorId } = locked.state.totp;
      if (factorId) throw fail(TOTP_OUTCOME.alreadyEnabled, 'conflict');
      if (!pendingFactorId) throw fail(TOTP_OUTCOME.notSetUp, 'conflict');
      const secret = await loadTotpSecret(tx, this.config.adminTotp.secretKey, pendingFactorId);
      const step = secret && acceptedStep(username, secret, code.trim(), tx.now, null);
      // The caller holds the secret it just set up: a wrong code here guesses nothing, so it is not counted.
      if (!step) throw fail(TOTP_OUTCOME.invalid, 'invalid');
      const codes = await storeRecoveryCodes(tx, pendingFactorId, recoveryCodes);
      await tx.append(locked, [
        {
          type: 'AdminTotpEnabled',
          payload: { factorId: pendingFactorId, totpStep: step, recoveryCodes: RECOVERY_CODE_COUNT },
        },
      ]);
      await commitCredentials(tx, this.config.credentialCommitmentKey, [
        { table: 'admin_totp_recovery_codes', principal: username, factorId: pendingFactorId, codes },
      ]);
      return { enabled: true as const, recoveryCodes };
    });
  }
}

/**
 * Wrong codes are counted per admin, not per address (as decision 0029's signed-in secret checks):
 * whoever holds a stolen session gets LOGIN_MAX_FAILURES guesses per LOGIN_LOCKOUT_MINUTES.
 */
@CommandHandler(DisableAdminTotpCommand)
export class DisableAdminTotpHandler implements ICommandHandler<DisableAdminTotpCommand, { enabled: false }> {
  constructor(
    private readonly ledger: Ledger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ username, code, metadata }: DisableAdminTotpCommand): Promise<{ enabled: false }> {
    const policy = loginPolicy(this.config);
    // A wrong code is recorded, so the refusal is thrown only after the transaction has committed.
    const result = await this.ledger.run(metadata, async (tx) => {
      const locked = await lockExisting(tx, username);
      const admin: AdminState = locked.state;
      const factorId = admin.totp.factorId;
      if (!factorId) throw fail(TOTP_OUTCOME.notEnabled, 'conflict');
      const proof = await proveSecondFactor(tx, this.config.adminTotp.secretKey, admin, code, tx.now);
      const attempt = decideAttempt(admin.totp.checks, proof !== null, tx.now, policy);
      if (attempt.outcome === 'locked') return 'locked' as const;
      if (attempt.outcome === 'ok') {
        await tx.append(locked, [{ type: 'AdminTotpDisabled', payload: { factorId, ...proof } }]);
        return 'ok' as const;
      }
      await tx.append(locked, [
        { type: 'AdminTotpCheckFailed', payload: { failures: attempt.failures } },
        ...(attempt.lockedUntil ? [{ type: 'AdminTotpChecksLockedOut', payload: { until: attempt.lockedUntil } }] : []),
      ]);
      return attempt.lockedUntil ? ('locked' as const) : ('invalid' as const);
    });
    if (result === 'locked') throw fail(TOTP_OUTCOME.checksLocked, 'too-many');
    if (result === 'invalid') throw fail(TOTP_OUTCOME.invalid, 'invalid');
    return { enabled: false };
  }
}

@CommandHandler(ResetAdminTotpCommand)
export class ResetAdminTotpHandler implements ICommandHandler<
  ResetAdminTotpCommand,
  { id: string; totpEnabled: false }
> {
  constructor(private readonly ledger: Ledger) {}

  async execute({ username, metadata }: ResetAdminTotpCommand) {
    return this.ledger.run(metadata, async (tx) => {
      const locked = await lockExisting(tx, username);
      const { factorId, pendingFactorId } = locked.state.totp;
      if (!factorId && !pendingFactorId) throw fail(TOTP_OUTCOME.notEnabled, 'conflict');
      await tx.append(locked, [{ type: 'AdminTotpReset', payload: { factorId, pendingFactorId } }]);
      return { id: username, totpEnabled: false as const };
    });
  }
}
