import { randomUUID } from 'node:crypto';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Database } from '../../../../platform/db/database';
import { DomainError } from '../../../../platform/errors';
import { EventMetadata } from '../../../../platform/event-store/event.types';
import { Ledger } from '../../../../platform/ledger';
import { formatRupees } from '../../../../platform/money';
import { adminPasswordProblem, hashPassword, loadMember, showAdminUser } from '../../../identity';
import { checkSetting, loadSettings } from '../../../settings';
import { withdrawalToDecide } from '../../../wallet';
import { commandOf } from '../../domain/four-eyes.commands';
import { FOUR_EYES_TTL_MS, FourEyesRequested, FourEyesRequests, fourEyesStream } from '../../domain/four-eyes.events';
import { activePrivilegedAdmins } from '../../rows';
import { FourEyesAnswer, RequestFourEyesCommand } from './request-four-eyes.command';

/** What the maker's request would do, for the list; or `null`: it needs no second admin (done at once). */
type Plan = { member: string | null; amountPaise: string | null; summary: string } | { direct: EventMetadata };

const SUMMARY_LIMIT = 200;
const short = (text: string) => (text.length > SUMMARY_LIMIT ? `${text.slice(0, SUMMARY_LIMIT - 1)}…` : text);

/**
 * The maker's call: checked as the direct call would check it, then either written as a pending
 * request (`FourEyesRequested`, nothing of the action takes effect) or, where no second admin is
 * needed (a withdrawal at or under `fourEyesAboveRupees`, a role grant while fewer than two active
 * admins could approve), carried out at once.
 */
@CommandHandler(RequestFourEyesCommand)
export class RequestFourEyesHandler implements ICommandHandler<RequestFourEyesCommand, FourEyesAnswer> {
  constructor(
    private readonly ledger: Ledger,
    private readonly db: Database,
    private readonly commands: CommandBus,
  ) {}

  async execute(command: RequestFourEyesCommand): Promise<FourEyesAnswer> {
    const { action, request, maker, metadata, password, idempotencyKey } = command;
    // A new admin password is held to the admin policy now: the request keeps only its hash (decision 0032).
    const weak = password ? adminPasswordProblem(password) : null;
    if (weak) throw new DomainError(weak.code, weak.text, 'invalid');
    const plan = await this.plan(command);
    if ('direct' in plan) {
      const hash = password ? await hashPassword(password) : undefined;
      return {
        kind: 'done',
        result: await this.commands.execute(commandOf(action, request, maker.username, plan.direct, hash)),
      };
    }
    const hash = password ? await hashPassword(password) : null;
    return this.ledger.run(
      metadata,
      async (tx) => {
        const id = randomUUID();
        const payload: FourEyesRequested = {
          id,
          action,
          maker: maker.username,
          request,
          ...plan,
          expiresAt: new Date(tx.now.getTime() + FOUR_EYES_TTL_MS).toISOString(),
        };
        await tx.append(fourEyesStream(id), 0, [{ type: 'FourEyesRequested', payload }]);
        if (hash)
          await tx.execute('insert into four_eyes_secrets (request_id, password_hash) values ($1, $2)', [id, hash]);
        return { kind: 'awaiting' as const, body: { status: 'AwaitingSecondApproval' as const, id } };
      },
      idempotencyKey
        ? {
            idempotency: {
              scope: `fourEyes${action}`,
              key: idempotencyKey,
              request: { action, request, maker: maker.username },
            },
          }
        : {},
    );
  }

  /** The direct call's own checks, made before anything is written (400/404/409 as it answers them). */
  private async plan({ action, request, maker, metadata }: RequestFourEyesCommand): Promise<Plan> {
    switch (action) {
      case 'IssueEpins': {
        const r = request as FourEyesRequests['IssueEpins'];
        if (!(await loadMember(this.db, r.owner)))
          throw new DomainError('EPIN.UNKNOWN_OWNER', `Member ${r.owner} does not exist`, 'invalid');
        const price = (await loadSettings(this.db)).epinPricesPaise[r.type];
        return {
          member: r.owner,
          amountPaise: (BigInt(price) * BigInt(r.quantity)).toString(),
          summary: `Issue ${r.quantity} × ${r.type} to ${r.owner} without a payment`,
        };
      }
      case 'ApproveWithdrawal': {
        const r = request as FourEyesRequests['ApproveWithdrawal'];
        const w = await withdrawalToDecide(this.db, r.withdrawal);
        // Unknown or already decided: the direct command answers it (404, 409) as it always has.
        if (!w || w.status !== 'Requested') return { direct: metadata };
        const threshold = BigInt((await loadSettings(this.db)).fourEyesAboveRupees) * 100n;
        if (w.amountPaise <= threshold) return { direct: metadata };
        return {
          member: w.uid,
          amountPaise: w.amountPaise.toString(),
          summary: `Approve the withdrawal of ₹${formatRupees(w.amountPaise)} by ${w.uid}`,
        };
      }
      case 'ChangeSetting': {
        const r = request as FourEyesRequests['ChangeSetting'];
        const problem = checkSetting(r.key, r.value);
        if (problem) throw new DomainError('SETTINGS.INVALID', problem, 'invalid');
        return { member: null, amountPaise: null, summary: short(`Set ${r.key} to ${JSON.stringify(r.value)}`) };
      }
      case 'CreateAdmin':
      case 'ChangeAdmin': {
        const r = request as FourEyesRequests['ChangeAdmin'];
        const existing = await showAdminUser(this.db, r.username);
        if (action === 'CreateAdmin' && existing)
          throw new DomainError('ADMIN.EXISTS', `Admin ${r.username} already exists`, 'conflict');
        if (action === 'ChangeAdmin') {
          if (!existing) throw new DomainError('ADMIN.NOT_FOUND', `Admin ${r.username} does not exist`, 'not-found');
          if (maker.username === r.username && (r.disabled === true || r.role !== 'superadmin'))
            throw new DomainError('ADMIN.SELF_LOCKOUT', 'You cannot disable or demote your own account', 'invalid');
          // Not a grant (the role stays): the change is an ordinary one.
          if (existing.role === r.role) return { direct: metadata };
        }
        if ((await activePrivilegedAdmins(this.db)) < 2)
          return { direct: { ...metadata, fourEyes: 'waived-single-admin' } };
        return {
          member: null,
          amountPaise: null,
          summary:
            action === 'CreateAdmin'
              ? `Create admin ${r.username} as ${r.role}`
              : `Make admin ${r.username} ${r.role}${r.disabled === true ? ' (disabled)' : ''}${r.withPassword ? ', with a new password' : ''}`,
        };
      }
      case 'UnlockBank':
      case 'UnlockWallet': {
        const r = request as FourEyesRequests['UnlockBank'];
        if (!(await loadMember(this.db, r.uid)))
          throw new DomainError('PROFILE.NOT_FOUND', `Member ${r.uid} does not exist`, 'not-found');
        const what = action === 'UnlockBank' ? 'bank details' : 'USDT wallet address';
        return { member: r.uid, amountPaise: null, summary: short(`Unlock the ${what} of ${r.uid}: ${r.reason}`) };
      }
    }
  }
}
