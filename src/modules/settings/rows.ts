import { Locked } from '../../platform/event-store/locked';
import { LedgerTx } from '../../platform/ledger';
import { SETTINGS_STREAM } from './settings';

/**
 * The `settings` stream, locked: changes queue on a transaction-scoped advisory lock instead of
 * colliding on the version (the stream has no projection row of its own to lock). The head's hash
 * is left to the append.
 */
export async function lockSettingsStream(tx: LedgerTx): Promise<Locked<null>> {
  await tx.execute('select pg_advisory_xact_lock(hashtext($1))', [SETTINGS_STREAM]);
  const [head] = await tx.query<{ v: number | null }>(
    'select max(stream_version) as v from events where stream_id = $1',
    [SETTINGS_STREAM],
  );
  return { streamId: SETTINGS_STREAM, state: null, version: head.v ?? 0, headHash: null };
}
