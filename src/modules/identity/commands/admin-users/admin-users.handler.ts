import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../../platform/errors';
import { Ledger } from '../../../../platform/ledger';
import { APP_CONFIG, AppConfig } from '../../../../config/config';
import { adminStream, decideAdminLogin } from '../../domain/admin.events';
import { MSG } from '../../domain/member.messages';
import { addressOf, loginPolicy, passLoginGate, StrangerTurns } from '../../login-gate';
import { currentPasswordHash, loadAdmin, loadLoginAddress, lockAdmin } from '../../member-state';
import { burnVerification, hashPassword, verifyPassword } from '../../passwords';
import { TokenService } from '../../tokens';
import { isLocked } from '../../domain/login-attempts';
import { TOTP_MSG, TOTP_OUTCOME } from '../../domain/admin-totp';
import { proveSecondFactor } from '../../totp-secrets';
import {
  AdminLoginResult,
  AdminView,
  CreateAdminUserCommand,
  LoginAdminCommand,
  UpdateAdminUserCommand,
} from './admin-users.command';

@CommandHandler(CreateAdminUserCommand)
export class CreateAdminUserHandler implements ICommandHandler<CreateAdminUserCommand, AdminView> {
  constructor(private readonly ledger: Ledger) {}

  async execute({ username, password, role, metadata }: CreateAdminUserCommand): Promise<AdminView> {
    const hash = await hashPassword(password);
    return this.ledger.run(metadata, async (tx) => {
      if (await loadAdmin(tx, username, true))
        throw new DomainError('ADMIN.EXISTS', `Admin ${username} already exists`, 'conflict');
      await tx.append(adminStream(username), 0, [
        { type: 'AdminUserCreated', payload: { username, role, credentialVersion: 1 } },
      ]);
      await tx.execute('insert into admin_credentials (principal, version, password_hash) values ($1, 1, $2)', [
        username,
        hash,
      ]);
      return { id: username, username, role, disabled: false };
    });
  }
}

@CommandHandler(UpdateAdminUserCommand)
export class UpdateAdminUserHandler implements ICommandHandler<UpdateAdminUserCommand, AdminView> {
  constructor(private readonly ledger: Ledger) {}

  async execute({ username, changes, metadata }: UpdateAdminUserCommand): Promise<AdminView> {
    const hash = changes.password ? await hashPassword(changes.password) : null;
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
      const credentialVersion = hash ? admin.credentialVersion + 1 : undefined;
      const payload = { role: changes.role, disabled: changes.disabled, credentialVersion };
      const changed =
        (changes.role && changes.role !== admin.role) ||
        (changes.disabled !== undefined && changes.disabled !== admin.disabled) ||
        hash;
      if (changed) await tx.append(locked, [{ type: 'AdminUserUpdated', payload }]);
      if (hash)
        await tx.execute('insert into admin_credentials (principal, version, password_hash) values ($1, $2, $3)', [
          username,
          credentialVersion,
          hash,
        ]);
      return { id: username, username, role: changes.role ?? admin.role, disabled: changes.disabled ?? admin.disabled };
    });
  }
}

/** Admin logins follow the members' rule: failures per (admin, client address), lock-out and slow-down (domain/login-attempts.ts). */
@CommandHandler(LoginAdminCommand)
export class LoginAdminHandler implements ICommandHandler<LoginAdminCommand, AdminLoginResult> {
  constructor(
    private readonly ledger: Ledger,
    private readonly tokens: TokenService,
    private readonly turns: StrangerTurns,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ username, password, metadata, totp }: LoginAdminCommand): Promise<AdminLoginResult> {
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
    const hash = await currentPasswordHash(this.ledger.db, 'admin_credentials', username, admin.credentialVersion);
    const passwordOk = hash !== null && (await verifyPassword(hash, password));
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
      const decision = decideAdminLogin(state, passOk && (!totpOn || proof !== null), address, tx.now, policy);
      // A wrong or replayed code counts as a failed login, like a wrong password (decision 0013).
      const events = decision.events.map((e) => (e.type === 'AdminLoggedIn' && proof ? { ...e, payload: proof } : e));
      await tx.append(locked, events);
      if (decision.outcome === 'failed' && passOk && totpOn) return 'totp-invalid' as const;
      if (decision.outcome !== 'ok') return decision.outcome;
      const totpEnabled = state.totp.factorId !== null;
      return {
        token: this.tokens.admin(username, state.role, state.credentialVersion),
        username,
        role: state.role,
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
}
