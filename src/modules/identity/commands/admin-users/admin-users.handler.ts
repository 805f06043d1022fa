import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { DomainError } from '../../../../platform/errors';
import { Ledger } from '../../../../platform/ledger';
import { APP_CONFIG, AppConfig } from '../../../../config/config';
import { adminPasswordProblem } from '../../admin-password-policy';
import { endAdminSession, openAdminSession } from '../../admin-sessions';
import { adminLedgerState, adminRightsDiffer } from '../../admin-ledger-state';
import {
  adminCredentialRow,
  checkCredentialRow,
  CREDENTIAL_CHECK_ACTOR,
  CredentialTamperDetected,
  raiseCredentialAlarm,
  recoveryCodesRow,
  storeAdminPassword,
  totpSecretRow,
} from '../../credential-commitments';
import { AdminState, adminStream, decideAdminLogin, decideAdminUpdate } from '../../domain/admin.events';
import { MSG } from '../../domain/member.messages';
import { addressOf, loginPolicy, passLoginGate, StrangerTurns } from '../../login-gate';
import { loadAdmin, loadLoginAddress, lockAdmin } from '../../member-state';
import { burnVerification, hashPassword, verifyPassword } from '../../passwords';
import { TokenService } from '../../tokens';
import { isLocked } from '../../domain/login-attempts';
import { TOTP_MSG, TOTP_OUTCOME } from '../../domain/admin-totp';
import { proveSecondFactor } from '../../totp-secrets';
import {
  AdminSession,
  AdminView,
  ChangeAdminPasswordCommand,
  CreateAdminUserCommand,
  LoginAdminCommand,
  LogoutAdminCommand,
  UpdateAdminUserCommand,
} from './admin-users.command';

/** An admin login against a row or hash the ledger does not vouch for (decision 0044): 401, the alert raised. */
export const ADMIN_CREDENTIAL_UNVERIFIED = {
  code: 'ADMIN.CREDENTIAL_UNVERIFIED',
  text: 'This account does not match the ledger: sign-in is refused. Ask another superadmin to check it.',
} as const;

/** A password that breaks the admin policy: 400, nothing written. */
function refuseWeakPassword(password: string): void {
  const problem = adminPasswordProblem(password);
  if (problem) throw new DomainError(problem.code, problem.text, 'invalid');
}

@CommandHandler(CreateAdminUserCommand)
export class CreateAdminUserHandler implements ICommandHandler<CreateAdminUserCommand, AdminView> {
  constructor(
    private readonly ledger: Ledger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ username, password, role, metadata, options }: CreateAdminUserCommand): Promise<AdminView> {
    if (options.policy !== 'demo-seed' && !options.passwordHash) refuseWeakPassword(password);
    const hash = options.passwordHash ?? (await hashPassword(password));
    return this.ledger.run(metadata, async (tx) => {
      if (await loadAdmin(tx, username, true))
        throw new DomainError('ADMIN.EXISTS', `Admin ${username} already exists`, 'conflict');
      await tx.append(adminStream(username), 0, [
        {
          type: 'AdminUserCreated',
          payload: { username, role, credentialVersion: 1, ...(options.mustChange ? { mustChange: true } : {}) },
        },
      ]);
      await storeAdminPassword(tx, this.config.credentialCommitmentKey, username, 1, hash);
      return { id: username, username, role, disabled: false };
    });
  }
}

@CommandHandler(UpdateAdminUserCommand)
export class UpdateAdminUserHandler implements ICommandHandler<UpdateAdminUserCommand, AdminView> {
  constructor(
    private readonly ledger: Ledger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ username, changes, metadata }: UpdateAdminUserCommand): Promise<AdminView> {
    if (changes.password) refuseWeakPassword(changes.password);
    const hash = changes.passwordHash ?? (changes.password ? await hashPassword(changes.password) : null);
    return this.ledger.run(metadata, async (tx) => {
      const locked = await lockAdmin(tx, username);
      const admin = locked?.state;
      if (!locked || !admin) throw new DomainError('ADMIN.NOT_FOUND', `Admin ${username} does not exist`, 'not-found');
      if (
        metadata.actor.id === username &&
        (changes.disabled === true || (changes.role && changes.role !== 'superadmin'))
      ) {
        throw new DomainError('ADMIN.SELF_LOCKOUT', 'You cannot disable or demote your own account', 'invalid');
      }
      const events = decideAdminUpdate(admin, {
        role: changes.role,
        disabled: changes.disabled,
        passwordSet: hash !== null,
      });
      await tx.append(locked, events);
      if (hash)
        await storeAdminPassword(tx, this.config.credentialCommitmentKey, username, admin.credentialVersion + 1, hash);
      return { id: username, username, role: changes.role ?? admin.role, disabled: changes.disabled ?? admin.disabled };
    });
  }
}

/** Admin logins follow the members' rule: failures per (admin, client address), lock-out and slow-down (domain/login-attempts.ts). */
@CommandHandler(LoginAdminCommand)
export class LoginAdminHandler implements ICommandHandler<LoginAdminCommand, AdminSession> {
  constructor(
    private readonly ledger: Ledger,
    private readonly tokens: TokenService,
    private readonly turns: StrangerTurns,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ username, password, metadata, totp }: LoginAdminCommand): Promise<AdminSession> {
    const refused = new DomainError('ADMIN.BAD_LOGIN', 'Invalid username or password', 'unauthorized');
    const policy = loginPolicy(this.config);
    const lockedOut = new DomainError('ADMIN.LOCKED_OUT', MSG.lockedOut(policy.lockoutMinutes), 'unauthorized');
    const admin = await loadAdmin(this.ledger.db, username);
    if (!admin) {
      await burnVerification(password);
      throw refused;
    }
    const account = adminStream(username);
    const gate = await passLoginGate(this.ledger.db, this.turns, account, metadata, policy);
    if (gate === 'locked') throw lockedOut;
    if (gate === 'busy') throw new DomainError('ADMIN.LOGIN_BUSY', MSG.busy, 'too-many');
    // The row's rights and password hash must be the ledger's (decision 0044): a role, flag, factor or
    // hash edited by the database's owner is refused before the password is even checked, and raises the alert.
    const tampered = await this.tamperedAccount(username, admin);
    if (tampered) {
      await raiseCredentialAlarm(this.ledger, tampered, { ...metadata, actor: CREDENTIAL_CHECK_ACTOR });
      throw new DomainError(ADMIN_CREDENTIAL_UNVERIFIED.code, ADMIN_CREDENTIAL_UNVERIFIED.text, 'unauthorized');
    }
    const row = await adminCredentialRow(this.ledger.db, username, admin.credentialVersion);
    const passwordOk = row !== null && (await verifyPassword(row.passwordHash, password));
    // A failure is recorded, so the refusal is thrown only after the transaction has committed.
    const result = await this.ledger.run({ ...metadata, actor: { kind: 'admin', id: username } }, async (tx) => {
      const locked = await lockAdmin(tx, username);
      if (!locked) return null;
      const state = locked.state;
      const address = await loadLoginAddress(tx, account, addressOf(metadata));
      const passOk = passwordOk && state.credentialVersion === admin.credentialVersion;
      const totpOn = state.totp.factorId !== null && !state.disabled;
      // The right password of an admin with TOTP on and no code: ask for the code, record nothing.
      if (passOk && totpOn && !totp && !isLocked(address, tx.now)) return 'totp-required' as const;
      const proof =
        passOk && totpOn
          ? await proveSecondFactor(tx, this.config.adminTotp.secretKey, state, totp ?? '', tx.now)
          : null;
      const sessionId = randomUUID();
      const decision = decideAdminLogin(
        state,
        passOk && (!totpOn || proof !== null),
        address,
        tx.now,
        policy,
        sessionId,
      );
      // A wrong or replayed code counts as a failed login, like a wrong password (decision 0013).
      const events = decision.events.map((e) =>
        e.type === 'AdminLoggedIn' && proof ? { ...e, payload: { ...e.payload, ...proof } } : e,
      );
      await tx.append(locked, events);
      if (decision.outcome === 'failed' && passOk && totpOn) return 'totp-invalid' as const;
      if (decision.outcome !== 'ok') return decision.outcome;
      await openAdminSession(tx, username, sessionId, tx.now);
      const totpEnabled = state.totp.factorId !== null;
      return {
        token: this.tokens.admin(username, state.role, state, sessionId),
        username,
        role: state.role,
        mustChangePassword: state.mustChangePassword,
        totpEnabled,
        totpEnrolmentRequired: this.config.adminTotp.required && !totpEnabled,
      };
    });
    if (result === 'locked') throw lockedOut;
    if (result === 'totp-required')
      throw new DomainError(TOTP_OUTCOME.required.code, TOTP_MSG.required, 'unauthorized');
    if (result === 'totp-invalid') throw new DomainError(TOTP_OUTCOME.invalid.code, TOTP_MSG.invalid, 'unauthorized');
    if (result === null || typeof result === 'string') throw refused;
    return result;
  }

  /**
   * What of the admin's row, password hash or second factor (secret, recovery codes) the ledger does not
   * vouch for, as the alert names it; null when all does. The rows are never updated, so reading them
   * before the login's transaction reads what it would.
   */
  private async tamperedAccount(username: string, admin: AdminState): Promise<CredentialTamperDetected | null> {
    const differs = adminRightsDiffer(
      {
        role: admin.role,
        disabled: admin.disabled,
        credentialVersion: admin.credentialVersion,
        totpFactorId: admin.totp.factorId,
      },
      await adminLedgerState(this.ledger.db, username),
    );
    if (differs)
      return { table: 'admin_users', principal: username, problem: 'mismatch', check: 'admin-login', ...differs };
    const factorId = admin.totp.factorId;
    const rows = [
      await adminCredentialRow(this.ledger.db, username, admin.credentialVersion),
      factorId ? await totpSecretRow(this.ledger.db, factorId) : null,
      factorId ? await recoveryCodesRow(this.ledger.db, username, factorId) : null,
    ];
    for (const row of rows) {
      if (!row) continue;
      const problem = await checkCredentialRow(this.ledger.db, this.config.credentialCommitmentKey, row);
      if (problem !== 'ok')
        return {
          table: row.table,
          principal: username,
          ...('version' in row ? { version: row.version } : { factorId: row.factorId }),
          problem,
          check: 'admin-login',
        };
    }
    return null;
  }
}

/**
 * An admin's own password change: the current password proved (the call shares the login's rate
 * limit per client address), the new one held to the admin policy. The new credential version ends every token issued before, this one included; the
 * answer is a token of the same session under the new version. A one-time password is spent.
 */
@CommandHandler(ChangeAdminPasswordCommand)
export class ChangeAdminPasswordHandler implements ICommandHandler<ChangeAdminPasswordCommand, AdminSession> {
  constructor(
    private readonly ledger: Ledger,
    private readonly tokens: TokenService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(command: ChangeAdminPasswordCommand): Promise<AdminSession> {
    const { username, sessionId, currentPassword, newPassword, metadata } = command;
    if (newPassword === currentPassword)
      throw new DomainError('ADMIN.PASSWORD_SAME', 'The new password must differ from the current one', 'invalid');
    refuseWeakPassword(newPassword);
    const before = await loadAdmin(this.ledger.db, username);
    if (!before) throw new DomainError('ADMIN.NOT_FOUND', 'Unknown admin', 'unauthorized');
    const current = await adminCredentialRow(this.ledger.db, username, before.credentialVersion);
    const problem = current && (await checkCredentialRow(this.ledger.db, this.config.credentialCommitmentKey, current));
    if (current && problem !== 'ok') {
      await raiseCredentialAlarm(
        this.ledger,
        {
          table: 'admin_credentials',
          principal: username,
          version: current.version,
          problem: problem ?? 'missing',
          check: 'admin-password-change',
        },
        { ...metadata, actor: CREDENTIAL_CHECK_ACTOR },
      );
      throw new DomainError(ADMIN_CREDENTIAL_UNVERIFIED.code, ADMIN_CREDENTIAL_UNVERIFIED.text, 'unauthorized');
    }
    if (!current || !(await verifyPassword(current.passwordHash, currentPassword)))
      throw new DomainError('ADMIN.WRONG_PASSWORD', 'The current password is wrong', 'invalid');
    const hash = await hashPassword(newPassword);
    return this.ledger.run(metadata, async (tx) => {
      const locked = await lockAdmin(tx, username);
      const admin = locked?.state;
      if (!locked || !admin || admin.credentialVersion !== before.credentialVersion)
        throw new DomainError('ADMIN.PASSWORD_CHANGED_MEANWHILE', 'Your password was changed meanwhile', 'conflict');
      const credentialVersion = admin.credentialVersion + 1;
      await tx.append(locked, [{ type: 'AdminPasswordChanged', payload: { credentialVersion } }]);
      await storeAdminPassword(tx, this.config.credentialCommitmentKey, username, credentialVersion, hash);
      return {
        token: this.tokens.admin(
          username,
          admin.role,
          { credentialVersion, sessionEpoch: admin.sessionEpoch },
          sessionId,
        ),
        username,
        role: admin.role,
        mustChangePassword: false,
        totpEnabled: admin.totp.factorId !== null,
        totpEnrolmentRequired: this.config.adminTotp.required && admin.totp.factorId === null,
      };
    });
  }
}

/** Logout: the session ends server-side (its token answers 401 from now on); the event records when. */
@CommandHandler(LogoutAdminCommand)
export class LogoutAdminHandler implements ICommandHandler<LogoutAdminCommand, { loggedOut: true }> {
  constructor(private readonly ledger: Ledger) {}

  async execute({ username, sessionId, metadata }: LogoutAdminCommand): Promise<{ loggedOut: true }> {
    return this.ledger.run(metadata, async (tx) => {
      const locked = await lockAdmin(tx, username);
      if (!locked) throw new DomainError('ADMIN.NOT_FOUND', 'Unknown admin', 'unauthorized');
      await tx.append(locked, [{ type: 'AdminLoggedOut', payload: { sessionId } }]);
      await endAdminSession(tx, username, sessionId, tx.now);
      return { loggedOut: true };
    });
  }
}
