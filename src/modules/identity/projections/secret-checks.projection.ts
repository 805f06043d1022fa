import { ProjectedEvent, Projection, Statement } from '../../../platform/projections/projection';

/**
 * Wrong current secrets per (member, secret) in signed-in calls: what the lock-out of those checks
 * decides on (domain/secret-checks.ts, decision 0029). A new password (reset or profile) clears the
 * login password's count, a new transaction password the transaction password's.
 */
export const secretChecksProjection: Projection = {
  name: 'secret-checks',
  tables: ['secret_checks'],
  handles: [
    'SecretCheckFailed',
    'SecretChecksLockedOut',
    'SecretCheckPassed',
    'PasswordChanged',
    'TransactionPasswordChanged',
  ],
  project(event: ProjectedEvent): Statement[] {
    const uid = event.streamId.slice('member-'.length);
    const p = event.payload as { kind?: string; failures?: number; until?: string };
    switch (event.type) {
      case 'SecretCheckFailed':
        return [
          {
            text: `insert into secret_checks (uid, kind, failures, last_failed_at) values ($1, $2, $3, $4)
                 on conflict (uid, kind) do update set failures = excluded.failures, last_failed_at = excluded.last_failed_at`,
            params: [uid, p.kind, p.failures, event.recordedAt],
          },
        ];
      case 'SecretChecksLockedOut':
        return [
          {
            text: 'update secret_checks set locked_until = $3 where uid = $1 and kind = $2',
            params: [uid, p.kind, p.until],
          },
        ];
      default: {
        const kind =
          event.type === 'SecretCheckPassed' ? p.kind : event.type === 'PasswordChanged' ? 'password' : 'transaction';
        return [
          {
            text: 'update secret_checks set failures = 0, last_failed_at = null, locked_until = null where uid = $1 and kind = $2',
            params: [uid, kind],
          },
        ];
      }
    }
  },
};
