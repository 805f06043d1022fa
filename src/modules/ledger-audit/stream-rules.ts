import { Sql } from '../../platform/db/sql';
import { LedgerCheck, MAX_PROBLEMS, Problem } from './problem';

/** Events read per batch while walking the streams' state machines. */
export const RULES_BATCH = 5000;

interface RuleEvent {
  position: string;
  stream_id: string;
  stream_version: number;
  type: string;
  payload: Record<string, unknown> | null;
}

/**
 * One stream kind's state machine: `step` takes the state before an event (undefined before the
 * first) and the event, and answers the state after it, or why the event may not happen there.
 */
interface StreamMachine<S> {
  prefix: string;
  step(state: S | undefined, event: RuleEvent): S | { illegal: string };
}

type LinkState = {
  state: 'Pending' | 'Paid' | 'Received' | 'Cancel' | 'Expired' | 'Disputed';
  settled: boolean;
  /** An admin's resolution, waiting for the receipt or return it decides. */
  resolved: 'received' | 'cancel' | null;
  /** An admin has resolved the link (once is all there is). */
  resolvedOnce: boolean;
};

const illegal = (reason: string) => ({ illegal: reason });

/** A link's state in words. */
const WORD: Record<LinkState['state'], string> = {
  Pending: 'pending',
  Paid: 'paid',
  Received: 'received',
  Cancel: 'cancelled',
  Expired: 'expired',
  Disputed: 'disputed',
};

/**
 * A help link (`help-link-<id>`; created Pending by its matching batch, or by a HelpLinkCreated
 * opening its stream in older ledgers): paid once while Pending;
 * confirmed (received) only while Pending or Paid, or after an admin resolved it as received;
 * cancelled while Pending or Paid; expired only while Pending; disputed while Paid or cancelled;
 * resolved once, before it settled and never after a receipt or expiry; its amounts returned once,
 * after a cancel, an expiry or a resolution as cancelled. Nothing after it settled.
 */
const helpLink: StreamMachine<LinkState> = {
  prefix: 'help-link-',
  step(before, event) {
    const s: LinkState = before ?? { state: 'Pending', settled: false, resolved: null, resolvedOnce: false };
    // Ledgers written before decision 0023 open each link's stream with its HelpLinkCreated.
    if (event.type === 'HelpLinkCreated') return before ? illegal('a second creation of the link') : s;
    if (event.type === 'HelpLinkResolved' && s.resolvedOnce) return illegal('a second resolution of the link');
    if (s.settled) return illegal(`${event.type} after the link settled (${WORD[s.state]})`);
    switch (event.type) {
      case 'HelpLinkPaid':
        return s.state === 'Pending' ? { ...s, state: 'Paid' } : illegal(`a payment of the ${WORD[s.state]} link`);
      case 'HelpLinkReceived':
        return s.state === 'Pending' || s.state === 'Paid' || s.resolved === 'received'
          ? { ...s, state: 'Received', settled: true, resolved: null }
          : illegal(`a receipt of the ${WORD[s.state]} link`);
      case 'HelpLinkCancelled':
        return s.state === 'Pending' || s.state === 'Paid'
          ? { ...s, state: 'Cancel' }
          : illegal(`a cancel of the ${WORD[s.state]} link`);
      case 'HelpLinkExpired':
        return s.state === 'Pending' ? { ...s, state: 'Expired' } : illegal(`an expiry of the ${WORD[s.state]} link`);
      case 'HelpLinkDisputed':
        return s.state === 'Paid' || s.state === 'Cancel'
          ? { ...s, state: 'Disputed' }
          : illegal(`a dispute of the ${WORD[s.state]} link`);
      case 'HelpLinkResolved': {
        if (s.state === 'Received' || s.state === 'Expired')
          return illegal(`a resolution of the ${WORD[s.state]} link`);
        const outcome = event.payload?.outcome === 'received' ? 'received' : 'cancel';
        return { ...s, state: outcome === 'cancel' ? 'Cancel' : s.state, resolved: outcome, resolvedOnce: true };
      }
      case 'HelpLinkReturned':
        return s.state === 'Cancel' || s.state === 'Expired' || s.resolved === 'cancel'
          ? { ...s, settled: true, resolved: null }
          : illegal(`a return of the amounts of the ${WORD[s.state]} link`);
      default:
        return illegal(`${event.type} is not an event of a help link`);
    }
  },
};

type EpinState = { owner: string; used: boolean };

/**
 * An e-pin (`epin-<number>`): issued first and once; moved only while unused, by its owner; used
 * once (a second use is `epin-used-once`'s); nothing after its use.
 */
const epin: StreamMachine<EpinState> = {
  prefix: 'epin-',
  step(s, event) {
    const p = event.payload ?? {};
    if (!s)
      return event.type === 'EpinIssued'
        ? { owner: String(p.owner), used: false }
        : illegal(`${event.type} before the e-pin was issued`);
    switch (event.type) {
      case 'EpinIssued':
        return illegal('a second issue of the e-pin');
      case 'EpinTransferred':
        if (s.used) return illegal('a transfer of a used e-pin');
        if (p.from !== s.owner) return illegal(`a transfer from ${String(p.from)}, the e-pin's owner is ${s.owner}`);
        return { owner: String(p.to), used: false };
      case 'EpinUsed':
        // The second use of one e-pin is named by `epin-used-once` (checks.ts): not twice.
        return { ...s, used: true };
      default:
        return illegal(`${event.type} is not an event of an e-pin`);
    }
  },
};

const MACHINES: ReadonlyArray<StreamMachine<unknown>> = [helpLink, epin] as ReadonlyArray<StreamMachine<unknown>>;

/**
 * Each help link's and e-pin's events, in stream order, form a legal run of its state machine:
 * names the first illegal event of each stream (a receipt after a cancel or an expiry, a second
 * resolution, a used e-pin moved…). Streams are walked RULES_BATCH events at a time.
 */
const streamsFollowTheirRules: LedgerCheck = {
  name: 'stream-state-machines',
  async run(sql: Sql): Promise<Problem[]> {
    const problems: Problem[] = [];
    for (const machine of MACHINES) {
      let after = { stream: machine.prefix, version: 0 };
      let current: { stream: string; state: unknown; broken: boolean } = {
        stream: '',
        state: undefined,
        broken: false,
      };
      for (;;) {
        const rows = await sql.query<RuleEvent>(
          `select position::text as position, stream_id, stream_version, type, payload from events
            where (stream_id, stream_version) > ($1, $2) and stream_id like $3 || '%'
            order by stream_id, stream_version limit ${RULES_BATCH}`,
          [after.stream, after.version, machine.prefix],
        );
        for (const event of rows) {
          if (event.stream_id !== current.stream)
            current = { stream: event.stream_id, state: undefined, broken: false };
          if (current.broken) continue;
          const next = machine.step(current.state, event);
          if (next && typeof next === 'object' && 'illegal' in next) {
            current.broken = true;
            if (problems.length < MAX_PROBLEMS)
              problems.push({
                position: event.position,
                stream_id: event.stream_id,
                reason: `illegal event ${event.stream_version} (${event.type}): ${(next as { illegal: string }).illegal}`,
              });
          } else current.state = next;
        }
        if (rows.length < RULES_BATCH) break;
        const last = rows[rows.length - 1];
        after = { stream: last.stream_id, version: last.stream_version };
      }
    }
    return problems;
  },
};

/**
 * No level-income event pays a level outside 1–15, or one level twice. Each event's levels are
 * grouped once (a level paid twice is a group of more than one): decision 0056, where counting each
 * level's twins again over the whole list, per level, cost 15 times the work.
 */
const incomeWithinFifteenLevels: LedgerCheck = {
  name: 'level-income-within-15-levels',
  async run(sql: Sql): Promise<Problem[]> {
    return sql.query<Problem>(
      `select e.position::text as position, e.stream_id,
              format('illegal event (LevelIncomeDistributed): %s', string_agg(distinct case
                when g.level !~ '^[0-9]{1,9}$' or g.level::int not between 1 and 15 then format('income at level %s, beyond the 15 levels', g.level)
                else format('level %s paid twice', g.level) end, '; ')) as reason
         from events e cross join lateral (
           select l->>'level' as level, count(*) as paid
             from jsonb_array_elements(case when jsonb_typeof(e.payload->'levels') = 'array' then e.payload->'levels' else '[]'::jsonb end) l
            group by 1) g
        where e.type = 'LevelIncomeDistributed'
          and (g.level !~ '^[0-9]{1,9}$' or g.level::int not between 1 and 15 or (g.level is not null and g.paid > 1))
        group by e.position, e.stream_id order by e.position limit ${MAX_PROBLEMS}`,
    );
  },
};

/**
 * No withdrawal spends more than the member's net balance at its position: their income accounts
 * and `withdrawn` (which carries every request not rejected), summed over the postings up to and
 * including the request's own, never below zero there.
 */
const withdrawalsWithinBalance: LedgerCheck = {
  name: 'withdrawal-within-balance',
  async run(sql: Sql): Promise<Problem[]> {
    return sql.query<Problem>(
      `with moves as (
         select position, split_part(account, ':', 2) as uid, sum(amount_paise) as amount
           from postings where account ~ '^member:[^:]+:(level-income|income|withdrawn)$'
          group by position, split_part(account, ':', 2)),
       balances as (select position, uid, sum(amount) over (partition by uid order by position) as balance from moves)
       select e.position::text as position, e.stream_id,
              format('illegal event (WithdrawalRequested): %s paise asked of %s, whose net balance before it was %s paise',
                     e.payload->>'amountPaise', e.payload->>'uid', b.balance + (e.payload->>'amountPaise')::numeric) as reason
         from events e join balances b on b.position = e.position and b.uid = e.payload->>'uid'
        where e.type = 'WithdrawalRequested' and b.balance < 0
        order by e.position limit ${MAX_PROBLEMS}`,
    );
  },
};

/** Verify's checks that each stream's events follow its rules (issue 21 §6). */
export const STREAM_RULES: readonly LedgerCheck[] = [
  streamsFollowTheirRules,
  incomeWithinFifteenLevels,
  withdrawalsWithinBalance,
];
