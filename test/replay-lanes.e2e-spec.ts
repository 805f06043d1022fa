import { replayLedger } from '../src/modules/ledger-audit/replay';
import { ALL_PROJECTIONS } from '../src/modules/projections';
import { appendToStream } from '../src/platform/event-store/event-store';
import { EventMetadata } from '../src/platform/event-store/event.types';
import { ProjectionRunner } from '../src/platform/projections/projection';
import { withScratchLedger } from './support/scratch';

const meta: EventMetadata = { actor: { kind: 'system', id: 'test' }, correlationId: 'replay-lanes-test' };

/**
 * Decision 0046's amendment: the set-based rebuilds run in REPLAY_LANES transactions side by side,
 * each importing the replay's snapshot. They must build what one transaction builds, and a check
 * that fails in one lane must fail the replay once the other lane is done, leaving nothing behind.
 */
describe('replay: set-based rebuilds side by side', () => {
  const projections = new ProjectionRunner(ALL_PROJECTIONS);

  const link = {
    id: 'HLWALK0000001',
    phEntryId: 'ph-walk',
    ghEntryId: 'gh-walk',
    requestId: '00000000-0000-4000-8000-00000000a001',
    ghSource: 'withdrawal',
    ghSourceId: 'WDWALK',
    sender: { uid: '100000', name: 'Sender', mobile: '9000000001' },
    receiver: { uid: '100001', name: 'Receiver', mobile: '9000000002' },
    bank: { bankName: '', branch: '', ifsc: '', accountNumber: '', holder: '', gpay: 'r@upi' },
    amountPaise: '100000',
    deadline: '2026-11-28T00:00:00.000Z',
    manual: false,
  };
  const paid = { type: 'HelpLinkPaid', payload: { id: link.id, senderUid: '100000', utr: '123456789012' } };
  const received = {
    type: 'HelpLinkReceived',
    payload: {
      id: link.id,
      senderUid: '100000',
      receiverUid: '100001',
      amountPaise: link.amountPaise,
      requestId: link.requestId,
      ghEntryId: link.ghEntryId,
      ghSource: link.ghSource,
      ghSourceId: link.ghSourceId,
      ghEntryCompleted: true,
      postings: [],
    },
  };
  const entry = (id: string, side: string, uid: string, source: string, sourceId: string) => ({
    id,
    side,
    uid,
    amountPaise: link.amountPaise,
    source,
    sourceId,
  });
  /**
   * The link's request and withdrawal, approved into the queue entries it is made from: every other
   * projection's rebuild finds this ledger legal, so only the help links' walk can refuse it.
   */
  const linkMade = async (tx: Parameters<typeof appendToStream>[0]) => {
    await appendToStream(
      tx,
      `help-request-${link.requestId}`,
      0,
      [
        {
          type: 'HelpRequested',
          payload: {
            id: link.requestId,
            uid: '100000',
            epinType: 'EpintypeB',
            tierPaise: '500000',
            kind: 'Activate',
            topupPosition: '1',
          },
        },
        {
          type: 'HelpRequestApproved',
          payload: {
            id: link.requestId,
            uid: '100000',
            by: 'auto',
            entry: entry(link.phEntryId, 'PH', '100000', 'help-request', link.requestId),
            postings: [],
          },
        },
      ],
      meta,
    );
    await appendToStream(
      tx,
      `withdrawal-${link.ghSourceId}`,
      0,
      [
        {
          type: 'WithdrawalRequested',
          payload: {
            id: link.ghSourceId,
            uid: '100001',
            amountPaise: link.amountPaise,
            chargePaise: '0',
            payoutPaise: link.amountPaise,
            postings: [],
          },
        },
        {
          type: 'WithdrawalApproved',
          payload: {
            id: link.ghSourceId,
            uid: '100001',
            by: 'admin',
            entry: entry(link.ghEntryId, 'GH', '100001', 'withdrawal', link.ghSourceId),
            postings: [],
          },
        },
      ],
      meta,
    );
    await appendToStream(
      tx,
      'help-matching-walk',
      0,
      [{ type: 'HelpLinksCreated', payload: { links: [link], postings: [] } }],
      meta,
    );
  };

  it('builds the same tables in one lane and in two, each projection timed once', async () => {
    await withScratchLedger(async (scratch) => {
      const rebuilt = new Map<number, string[]>();
      for (const lanes of [1, 2]) {
        const names: string[] = [];
        const report = await replayLedger(scratch.owner, projections, {
          lanes,
          onRebuild: (name) => names.push(name),
        });
        expect(report.tables.filter((d) => d.onlyLive + d.onlyReplayed > 0)).toEqual([]);
        expect(report).toMatchObject({ ok: true, differences: 0 });
        rebuilt.set(lanes, names.sort());
      }
      const withRebuild = ALL_PROJECTIONS.filter((p) => p.rebuild).map((p) => p.name);
      expect(rebuilt.get(1)).toEqual([...withRebuild].sort());
      expect(rebuilt.get(2)).toEqual(rebuilt.get(1));
    });
  });

  it("fails the replay with the failing lane's check, after the other lane ends, and drops the scratch schema", async () => {
    await withScratchLedger(async (scratch) => {
      // A member stream that does not start with a registration: the members rebuild's check refuses it.
      await scratch.app.transaction(
        (tx) => appendToStream(tx, 'member-654321', 0, [{ type: 'DisclaimerAgreed', payload: {} }], meta),
        { retry: false },
      );
      const schemas = async () =>
        (
          await scratch.owner.query<{ n: string }>(
            "select count(*)::text as n from pg_namespace where nspname like 'replay\\_%'",
          )
        )[0].n;
      expect(await schemas()).toBe('0');
      const rebuilt: string[] = [];
      await expect(
        replayLedger(scratch.owner, projections, { lanes: 2, onRebuild: (name) => rebuilt.push(name) }),
      ).rejects.toThrow(/members row 654321 not built from versions 1\.\.1 starting with its registration/);
      // the other lane ran to its end (every other projection rebuilt) before the replay gave up
      expect(rebuilt).not.toContain('members');
      expect(rebuilt.length).toBeGreaterThan(0);
      expect(await schemas()).toBe('0');
      const open = await scratch.owner.query<{ n: string }>(
        "select count(*)::text as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state like 'idle in transaction%'",
      );
      expect(open[0].n).toBe('0');
    });
  });

  it("names as keys by construction only unique indexes of the projection's own tables", async () => {
    await withScratchLedger(async (scratch) => {
      for (const projection of ALL_PROJECTIONS)
        for (const name of projection.keysByConstruction ?? []) {
          const [found] = await scratch.owner.query<{ table: string }>(
            `select t.relname as table from pg_index i join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
              where c.relname = $1 and i.indisunique and t.relnamespace = 'public'::regnamespace`,
            [name],
          );
          // [projection, index, found among its tables]: a failure names the entry
          expect([projection.name, name, projection.tables.includes(found?.table)]).toEqual([
            projection.name,
            name,
            true,
          ]);
        }
    });
  });

  it('refuses postings that do not sum to zero, naming the event (checked in the insert’s own pass)', async () => {
    await withScratchLedger(async (scratch) => {
      const unbalanced = (amount: string) => ({
        postings: [
          { account: 'member:100000:level-income', amountPaise: amount },
          { account: 'platform:level-income', amountPaise: '-400' },
        ],
      });
      // written past the command layer's check (appendToStream alone hashes and chains; it does not look at postings)
      const [first] = await scratch.app.transaction(
        (tx) =>
          appendToStream(
            tx,
            'forged-money',
            0,
            [
              { type: 'Moved', payload: unbalanced('400') },
              { type: 'Moved', payload: unbalanced('500') },
              { type: 'Moved', payload: unbalanced('400') },
            ],
            meta,
          ),
        { retry: false },
      );
      const bad = Number(first.position) + 1;
      await expect(replayLedger(scratch.owner, projections)).rejects.toThrow(
        new RegExp(`postings of the event at position ${bad} do not sum to zero`),
      );
    });
  });

  describe("help links' walk refuses what the conditional updates refuse", () => {
    const cases: Array<[string, Array<{ type: string; payload: object }>, RegExp]> = [
      [
        'paid twice (two UTRs: the UTR claims do not refuse it)',
        [paid, { ...paid, payload: { ...paid.payload, utr: '123456789013' } }],
        /help link HLWALK0000001: paid while Pending/,
      ],
      [
        'cancelled after it was received',
        [paid, received, { type: 'HelpLinkCancelled', payload: { id: link.id, remark: 'late', held: false } }],
        /help link HLWALK0000001: cancelled while open/,
      ],
    ];
    it.each(cases)('%s', async (_name, transitions, refused) => {
      await withScratchLedger(async (scratch) => {
        // written without their projections (as a database owner could): only the replay looks at them
        await scratch.app.transaction(
          async (tx) => {
            await linkMade(tx);
            await appendToStream(tx, `help-link-${link.id}`, 0, transitions, meta);
          },
          { retry: false },
        );
        await expect(replayLedger(scratch.owner, projections)).rejects.toThrow(refused);
      });
    });

    it('names a transition that no walk reaches (a version gap)', async () => {
      await withScratchLedger(async (scratch) => {
        await scratch.app.transaction(
          async (tx) => {
            await linkMade(tx);
            // a link stream whose first event belongs to another link's id: this link's walk never starts
            await appendToStream(tx, 'help-link-HLNOSUCHLINK1', 0, [paid], meta);
          },
          { retry: false },
        );
        await expect(replayLedger(scratch.owner, projections)).rejects.toThrow(
          /help link HLNOSUCHLINK1: no row at version 0 for its HelpLinkPaid/,
        );
      });
    });
  });

  describe('help requests, queue entries and withdrawals: each event against the row as the events before it left it', () => {
    const second = '00000000-0000-4000-8000-00000000a002';
    const returned = {
      type: 'HelpLinkReturned',
      payload: {
        id: link.id,
        senderUid: '100000',
        receiverUid: '100001',
        amountPaise: link.amountPaise,
        requestId: link.requestId,
        phEntryId: link.phEntryId,
        ghEntryId: link.ghEntryId,
        reason: 'expiry',
        sender: 'reopened',
        writtenOffWaitingPaise: '0',
        postings: [],
      },
    };
    const closed = (givenPaise: string) => ({
      type: 'HelpRequestClosed',
      payload: {
        id: link.requestId,
        uid: '100000',
        outcome: givenPaise === '0' ? 'failed' : 'completed',
        givenPaise,
        entitlementPaise: '0',
        entitlementDueAt: '2026-12-01T00:00:00.000Z',
      },
    });
    const withdrawal = (id: string, entryId: string) => [
      {
        type: 'WithdrawalRequested',
        payload: { id, uid: '100001', amountPaise: '100000', chargePaise: '0', payoutPaise: '100000', postings: [] },
      },
      {
        type: 'WithdrawalApproved',
        payload: {
          id,
          uid: '100001',
          by: 'admin',
          entry: entry(entryId, 'GH', '100001', 'withdrawal', id),
          postings: [],
        },
      },
    ];
    const request = `help-request-${link.requestId}`;
    // After the link is made: [stream, events] in ledger order (each stream's version carried on).
    const cases: Array<[string, Array<[string, Array<{ type: string; payload: object }>]>, RegExp]> = [
      [
        'a help request approved twice',
        [
          [
            request,
            [
              {
                type: 'HelpRequestApproved',
                // its own entry: only the help requests' check can refuse it
                payload: {
                  id: link.requestId,
                  uid: '100000',
                  by: 'auto',
                  entry: entry('ph-walk-again', 'PH', '100000', 'help-request', link.requestId),
                  postings: [],
                },
              },
            ],
          ],
        ],
        /help request 00000000-0000-4000-8000-00000000a001 approved while awaiting approval/,
      ],
      [
        'a help request closed with other help than its links gave',
        [
          [`help-link-${link.id}`, [paid, received]],
          [request, [closed('50000')]],
        ],
        /help request 00000000-0000-4000-8000-00000000a001 closed once, with the help it gave/,
      ],
      [
        "a member's second request while the first is open (closed only after it: the end state has one open)",
        [
          [
            `help-request-${second}`,
            [
              {
                type: 'HelpRequested',
                payload: {
                  id: second,
                  uid: '100000',
                  epinType: 'EpintypeB',
                  tierPaise: '500000',
                  kind: 'Upgrade',
                  topupPosition: '2',
                },
              },
            ],
          ],
          [request, [closed('0')]],
        ],
        /help request 00000000-0000-4000-8000-00000000a002 of member 100000 requested while 00000000-0000-4000-8000-00000000a001 was open/,
      ],
      [
        'a withdrawal rejected after its approval',
        [
          [
            `withdrawal-${link.ghSourceId}`,
            [
              {
                type: 'WithdrawalRejected',
                payload: { id: link.ghSourceId, uid: '100001', by: 'admin', remark: 'late', postings: [] },
              },
            ],
          ],
        ],
        /withdrawal WDWALK rejected while Requested/,
      ],
      [
        'a queue entry matched beyond its amount, put back later (the end state is within it)',
        [
          ['withdrawal-WDWALK2', withdrawal('WDWALK2', 'gh-walk2')],
          [
            'help-matching-walk',
            [
              {
                type: 'HelpLinksCreated',
                payload: {
                  links: [{ ...link, id: 'HLWALK0000002', ghEntryId: 'gh-walk2', ghSourceId: 'WDWALK2' }],
                  postings: [],
                },
              },
            ],
          ],
          [`help-link-${link.id}`, [{ type: 'HelpLinkExpired', payload: { id: link.id } }, returned]],
        ],
        /queue entry ph-walk within its amount 100000 \(remaining -100000/,
      ],
    ];
    it.each(cases)('refuses %s', async (_name, after, refused) => {
      await withScratchLedger(async (scratch) => {
        await scratch.app.transaction(
          async (tx) => {
            await linkMade(tx);
            const versions = new Map([
              [request, 2],
              [`withdrawal-${link.ghSourceId}`, 2],
              ['help-matching-walk', 1],
            ]);
            for (const [stream, events] of after) {
              const version = versions.get(stream) ?? 0;
              await appendToStream(tx, stream, version, events, meta);
              versions.set(stream, version + events.length);
            }
          },
          { retry: false },
        );
        await expect(replayLedger(scratch.owner, projections)).rejects.toThrow(refused);
        // the same ledger, every projection event by event (project's own statements): refused too
        await expect(replayLedger(scratch.owner, projections, { perEventOnly: true })).rejects.toThrow();
      });
    });
  });
});
