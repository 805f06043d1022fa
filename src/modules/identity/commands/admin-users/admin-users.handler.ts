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
import { AdminView, CreateAdminUserCommand, LoginAdminCommand, UpdateAdminUserCommand } from './admin-users.command';

@CommandHandler(CreateAdminUserCommand)
export class CreateAdminUserHandler implements ICommandHandler<CreateAdminUserCommand, AdminView> {
  constructor(private readonly ledger: Ledger) {}

  async execute({ username, password, role, metadata, passwordHash }: CreateAdminUserCommand): Promise<AdminView> {
    const hash = passwordHash ?? (await hashPassword(password));
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
export class LoginAdminHandler implements ICommandHandler<
  LoginAdminCommand,
  { token: string; username: string; role: string }
> {
  constructor(
    private readonly ledger: Ledger,
    private readonly tokens: TokenService,
    private readonly turns: StrangerTurns,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({
    username,
    password,
    metadata,
  }: LoginAdminCommand): Promise<{ token: string; username: string; role: string }> {
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
      const decision = decideAdminLogin(
        state,
        passwordOk && state.credentialVersion === admin.credentialVersion,
        address,
        tx.now,
        policy,
      );
      await tx.append(locked, decision.events);
      if (decision.outcome !== 'ok') return decision.outcome;
      return { token: this.tokens.admin(username, state.role, state.credentialVersion), username, role: state.role };
    });
    if (result === 'locked') throw lockedOut;
    if (result === null || typeof result === 'string') throw refused;
    return result;
  }
}
