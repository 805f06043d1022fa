import { EventMetadata } from '../../../platform/event-store/event.types';
import { IssueEpinsCommand } from '../../epins';
import { CreateAdminUserCommand, UpdateAdminUserCommand } from '../../identity';
import { UnlockDetailsCommand } from '../../profile';
import { ChangeSettingCommand } from '../../settings';
import { DecideWithdrawalCommand } from '../../wallet';
import { FourEyesAction, FourEyesRequests } from './four-eyes.events';

/**
 * The command that carries out a request, exactly as the maker asked: the same command the direct
 * call sends, its events' metadata naming the maker as actor (who asked for it, as the direct call
 * would) and both admins in `fourEyes`. Where the action records an admin of its own (the e-pins'
 * source, the withdrawal's decider, the unlock's admin), that is the maker too.
 */
export function commandOf(
  action: FourEyesAction,
  request: FourEyesRequests[FourEyesAction],
  maker: string,
  metadata: EventMetadata,
  passwordHash?: string,
): object {
  switch (action) {
    case 'IssueEpins': {
      const r = request as FourEyesRequests['IssueEpins'];
      return new IssueEpinsCommand(r.owner, r.type, r.quantity, { kind: 'admin', ref: maker }, metadata);
    }
    case 'ApproveWithdrawal': {
      const r = request as FourEyesRequests['ApproveWithdrawal'];
      return new DecideWithdrawalCommand(r.withdrawal, 'approve', '', maker, metadata);
    }
    case 'ChangeSetting': {
      const r = request as FourEyesRequests['ChangeSetting'];
      return new ChangeSettingCommand(r.key, r.value, metadata);
    }
    case 'CreateAdmin': {
      const r = request as FourEyesRequests['CreateAdmin'];
      return new CreateAdminUserCommand(r.username, '', r.role, metadata, { passwordHash });
    }
    case 'ChangeAdmin': {
      const r = request as FourEyesRequests['ChangeAdmin'];
      return new UpdateAdminUserCommand(
        r.username,
        { role: r.role, disabled: r.disabled, passwordHash: r.withPassword ? passwordHash : undefined },
        metadata,
      );
    }
    case 'UnlockBank':
    case 'UnlockWallet': {
      const r = request as FourEyesRequests['UnlockBank'];
      return new UnlockDetailsCommand(r.uid, action === 'UnlockBank' ? 'bank' : 'wallet', r.reason, maker, metadata);
    }
  }
}
