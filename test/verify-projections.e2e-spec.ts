import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { runLedgerCommand } from '../src/cli/ledger';
import { ALL_PROJECTIONS } from '../src/modules/projections';
import { LEDGER_CHECKS } from '../src/modules/ledger-audit/checks';
import { compareProjections, RowDifference, VERIFY_SCRATCH_SCHEMA } from '../src/modules/ledger-audit/projection-diff';
import { verifyLedger } from '../src/modules/ledger-audit/verify';
import { countTeamTotals } from '../src/modules/network';
import { verhoeffDigit } from '../src/modules/profile/domain/id-numbers';
import { ProjectionRunner } from '../src/platform/projections/projection';
import { HelpCircle } from './support/help-circle';
import { Network } from './support/network';
import { ADMIN_PASSWORD, ledgerOn, PASSWORD, ROOT, seedBasics } from './support/seed';
import { startTestApp, TestApp } from './support/test-app';

/**
 * Issue 21 §1: `verify` — the auditor's admin-web action and the CLI — rebuilds every read table
 * from the events and names the table, key and column of any edit a database owner makes.
 */
describe('verify rebuilds every projection and names each edit of a read table', () => {
  let t: TestApp;
  let net: Network;
  let help: HelpCircle;
  const server = () => t.app.getHttpServer();
  const tables = new ProjectionRunner(ALL_PROJECTIONS).tables();

  const adminToken = async (username: string) =>
    (await request(server()).post('/admin-api/auth/login').send({ username, password: ADMIN_PASSWORD }).expect(200))
      .body.token as string;
  /** The auditor's verify, as admin-web's Ledger page calls it. */
  const verifyAsAuditor = async () =>
    (
      await request(server())
        .post('/admin-api/ledger/verify')
        .set('Authorization', `Bearer ${await adminToken('auditor')}`)
        .expect(200)
    ).body as {
      ok: boolean;
      problems: Array<{ position: string; stream_id: string; reason: string }>;
      projections: { tablesCompared: number; differingRows: number; differences: RowDifference[] };
    };

  beforeAll(async () => {
    t = await startTestApp();
    await seedBasics(t.db.app);
    net = new Network(t);
    help = new HelpCircle(t, net);

    // A network that fills every read table through the product's own calls.
    const b = await help.memberWithIncome(2, 'Bina Receiver'); // members, tree, e-pins, top-ups, income, four eyes
    const a = await net.register(b, 'Arun Sender');
    await help.approvedHelp(a); // help request, queue entries
    await help.payIncomeOf(a);
    await help.approvedWithdrawal(b, 100); // withdrawals
    expect((await help.match()).links).toBe(1); // help links
    let [link] = await help.ghLog(b);
    expect((await net.as(a, '/api/UpdatePhUser', { rowid: link.id, utrno: 'UTR1000001' })).body).toBe(
      'Payment Paid Successfully.',
    ); // utr claims
    expect((await net.as(b, '/api/UpdateGhUser', { rowid: link.id, status: 1 })).body).toBe(
      'Payment Received Successfully.',
    );
    await help.approvedWithdrawal(b, 100);
    expect((await help.match()).links).toBe(1);
    [link] = await help.ghLog(b);
    expect((await net.as(a, '/api/UpdatePhUser', { rowid: link.id, utrno: 'utr1000001' })).body).toBe(
      'This UTR Number has already been used',
    ); // utr flags
    expect((await net.setting('epinDiscountTiers', [{ minQty: 5, rateBp: 500 }])).status).toBe(200); // settings history
    const [spare] = await net.issue(b, 2, 'EpintypeB');
    expect(spare).toBeDefined();
    expect((await net.as(b, '/api/EpinTransfer', { qty: 1, touid: a })).body).toBe('Success'); // e-pin transfers
    expect((await net.as(a, '/api/Helpdesk_By_User', { uid: a, query: 'Where is my link?' })).status).toBe(200); // tickets
    const approver = await adminToken('approver');
    expect(
      (
        await request(server())
          .post('/admin-api/news')
          .set('Authorization', `Bearer ${approver}`)
          .send({ content: 'Matching runs every hour.' })
      ).status,
    ).toBe(201); // news
    const superadmin = await net.admin();
    const bank = await request(server())
      .post('/admin-api/payment-options')
      .set('Authorization', `Bearer ${superadmin}`)
      .send({
        type: 'Bank',
        Bank_Name: 'State Bank',
        acholdername: 'Sahyog Foundation',
        btcaddress: '123456789012',
        ifsc: 'sbin0001234',
        Branch: 'Nashik',
      })
      .expect(201); // payment options
    expect(
      (
        await net.as(a, '/api/FundRequestBank', {
          uid: a,
          usertype: 'Activate',
          utrno: 'UTR7000001',
          bankid: bank.body.id,
          qty: '1',
          epintype: 'EpintypeB',
        })
      ).status,
    ).toBe(200); // e-pin requests
    expect((await net.as(a, '/api/genarateOrderIdPayatupi', { username: a, amount: '1000' })).body.clientid).toMatch(
      /^UP/,
    ); // payment orders
    const profile = await net.as(a, '/api/UpdateProfile', {
      type: 'profile',
      statename: 'Maharashtra',
      districtname: 'Nashik',
      cityname: '422001',
      counrtyid: '101',
      pincode: '422001',
      Nomineename: 'Ravi Rao',
      Nomineerelation: 'Brother',
      IP_address: '',
    });
    expect(profile.status).toBe(200); // member profiles
    const bankDetails = await net.as(a, '/api/UpdateProfile', {
      type: 'bankdetails',
      accountnumber: '123456789012',
      holder: 'Arun Sender',
      ifsc: 'KKBK0000261',
      bank_name: 'typed bank',
      branch: 'typed branch',
      ctrans_password: PASSWORD,
      PAN: 'ABCPE1234F',
      AAdhar: '23456789012' + verhoeffDigit('23456789012'),
      upinumber: '9876543210',
      IP_address: '',
    });
    expect(bankDetails.body.Result).toBe('Bank Details Updated Successfully'); // member_kyc
    await net.as(a, '/api/UpdateProfile', {
      type: 'trans_password',
      ctrans_password: 'a-wrong-guess',
      trans_password: 'Trans@123',
    }); // secret checks
    await request(server()).post('/api/login').send({ uid: a, password: 'not-the-password' }).expect(200); // login addresses
    await request(server()).post('/api/ForgetPassword').send({ uid: a }).expect(200); // password resets
    await request(server())
      .post(`/admin-api/members/${a}/impersonate`)
      .set('Authorization', `Bearer ${superadmin}`)
      .expect(200); // impersonation tokens
    // Members more than 15 levels below an upline, counted in its whole team by the team-totals processor (decision 0052).
    const deep = await net.chain(15, a);
    const registered = await t.db.owner.query<{ position: string }>(
      "select position::text as position from events where type = 'MemberRegistered' and stream_id = any($1)",
      [deep.map((uid) => `member-${uid}`)],
    );
    expect(
      await countTeamTotals(
        ledgerOn(t.db.app),
        registered.map((r) => r.position),
      ),
    ).toBeGreaterThan(0); // team_totals_counted
    expect(await net.token(ROOT)).toBeTruthy();
    // A whole network through the API: minutes when the machine is busy.
  }, 300_000);
  afterAll(() => t.close());

  it('fills every read table, and an untouched ledger verifies with every table equal to its rebuild', async () => {
    for (const table of tables) {
      const [{ n }] = await t.db.owner.query<{ n: number }>(`select count(*)::int as n from ${table}`);
      expect({ table, filled: n > 0 }).toEqual({ table, filled: true });
    }
    const report = await verifyAsAuditor();
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ ok: true, projections: { tablesCompared: tables.length, differingRows: 0 } });
  });

  /** The row's key (its primary key's columns) and a column an owner could change, with its edit. */
  interface Edit {
    table: string;
    column: string;
    key: Record<string, unknown>;
    restore: () => Promise<void>;
  }

  /**
   * Changes one column of one row as the database owner, the first that takes an edit of its type
   * (a later timestamp, a number one higher, a flipped flag, text with a word added, a key added
   * to JSON) without breaking a constraint; `restore` puts the old value back.
   */
  async function editOneRow(table: string, prefer?: { column: string; to: string }): Promise<Edit> {
    const keys = (
      await t.db.owner.query<{ name: string }>(
        `select a.attname as name from pg_index i cross join lateral unnest(i.indkey) with ordinality k(n, ord)
           join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.n
          where i.indrelid = $1::regclass and i.indisprimary order by k.ord`,
        [`public.${table}`],
      )
    ).map((k) => k.name);
    const columns = await t.db.owner.query<{ name: string; type: string }>(
      `select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
        where attrelid = $1::regclass and attnum > 0 and not attisdropped order by attnum`,
      [`public.${table}`],
    );
    const edits: Array<{ column: string; type: string; expr: string }> = prefer
      ? [{ column: prefer.column, type: columns.find((c) => c.name === prefer.column)!.type, expr: prefer.to }]
      : columns
          .filter((c) => !keys.includes(c.name))
          .flatMap((c) => {
            const col = `"${c.name}"`;
            if (/^timestamp/.test(c.type))
              return [{ column: c.name, type: c.type, expr: `${col} + interval '1 second'` }];
            if (/^(integer|bigint|smallint|numeric)/.test(c.type))
              return [{ column: c.name, type: c.type, expr: `${col} + 1` }];
            if (c.type === 'boolean') return [{ column: c.name, type: c.type, expr: `not ${col}` }];
            if (c.type === 'jsonb')
              return [{ column: c.name, type: c.type, expr: `${col} || '{"edited": true}'::jsonb` }];
            if (c.type === 'text') return [{ column: c.name, type: c.type, expr: `${col} || ' edited'` }];
            return [];
          });
    const where = () => keys.map((k, i) => `"${k}"::text = $${i + 1}`).join(' and ');
    for (const edit of edits) {
      const [row] = await t.db.owner.query<{ key: Record<string, unknown>; old: string }>(
        `select jsonb_build_object(${keys.map((k) => `'${k}', "${k}"::text`).join(', ')}) as key, "${edit.column}"::text as old
           from ${table} where "${edit.column}" is not null limit 1`,
      );
      if (!row) continue;
      const keyValues = keys.map((k) => row.key[k]);
      try {
        const changed = await t.db.owner.execute(
          `update ${table} set "${edit.column}" = ${edit.expr} where ${where()}`,
          keyValues,
        );
        expect(changed.rowCount).toBe(1);
      } catch (error) {
        if ((error as { code?: string }).code?.startsWith('23')) continue; // a constraint refused it: the next column
        throw error;
      }
      return {
        table,
        column: edit.column,
        key: row.key,
        restore: async () => {
          await t.db.owner.execute(
            `update ${table} set "${edit.column}" = $${keys.length + 1}::${edit.type} where ${where()}`,
            [...keyValues, row.old],
          );
        },
      };
    }
    throw new Error(`no column of ${table} took an edit`);
  }

  /** The named difference of `edit` in a report, its key's values compared as text. */
  const named = (differences: RowDifference[], edit: Edit) =>
    differences.filter(
      (d) =>
        d.table === edit.table &&
        d.column === edit.column &&
        // A key column holding personal data (a login's client address) reaches the auditor as a token.
        Object.entries(edit.key).every(
          ([k, v]) => String(d.key[k]).trimEnd() === String(v).trimEnd() || /^redacted:/.test(String(d.key[k])),
        ),
    );

  it.each(tables)(
    'an owner’s edit of a row of %s is named by the auditor’s verify (table, key, column)',
    async (table) => {
      const edit = await editOneRow(table);
      try {
        const report = await verifyAsAuditor();
        expect(report.ok).toBe(false);
        expect(named(report.projections.differences, edit)).toHaveLength(1);
        expect(report.problems).toContainEqual(
          expect.objectContaining({
            stream_id: `table:${table}`,
            reason: expect.stringContaining(`column ${edit.column}:`),
          }),
        );
        // Only this table differs.
        expect([...new Set(report.projections.differences.map((d) => d.table))]).toEqual([table]);
      } finally {
        await edit.restore();
      }
    },
  );

  it("names the probe's edits: an auditor made superadmin, and a member's name (for the auditor, as tokens)", async () => {
    const [member] = await t.db.owner.query<{ uid: string; name: string }>(
      `select uid, name from members where uid <> $1 order by uid limit 1`,
      [ROOT],
    );
    await t.db.owner.execute(`update members set name = 'Somebody Else' where uid = $1`, [member.uid]);
    try {
      const report = await verifyAsAuditor();
      // The auditor reads personal values as tokens (decision 0007): two different names, two different tokens.
      expect(report.projections.differences).toEqual([
        {
          table: 'members',
          key: { uid: member.uid },
          column: 'name',
          live: expect.stringMatching(/^redacted:[0-9a-f]{32}$/),
          rebuilt: expect.stringMatching(/^redacted:[0-9a-f]{32}$/),
        },
      ]);
      const [names] = report.projections.differences;
      expect(names.live).not.toBe(names.rebuilt);
      expect(JSON.stringify(report)).not.toContain('Somebody Else');
      expect(JSON.stringify(report)).not.toContain(member.name);
    } finally {
      await t.db.owner.execute(`update members set name = $2 where uid = $1`, [member.uid, member.name]);
    }
  });

  it("names the probe's edit of admin_users.role, in the approver's verify and the CLI's", async () => {
    const [member] = await t.db.owner.query<{ uid: string; name: string }>(
      `select uid, name from members where uid <> $1 order by uid limit 1`,
      [ROOT],
    );
    await t.db.owner.execute(`update admin_users set role = 'superadmin' where username = 'auditor'`);
    try {
      const report = (
        await request(server())
          .post('/admin-api/ledger/verify')
          .set('Authorization', `Bearer ${await adminToken('approver')}`)
          .expect(200)
      ).body;
      expect(report.ok).toBe(false);
      expect(report.projections.differences).toEqual([
        { table: 'admin_users', key: { username: 'auditor' }, column: 'role', live: 'superadmin', rebuilt: 'auditor' },
      ]);
      await t.db.owner.execute(`update members set name = 'Somebody Else' where uid = $1`, [member.uid]);

      // The CLI (the owner's) names both, with the values, and exits 1.
      const lines: string[] = [];
      const code = await runLedgerCommand(t.db.owner, 'verify', [], { log: (l) => lines.push(l), progress: () => {} });
      expect(code).toBe(1);
      const cli = JSON.parse(lines[0]) as { problems: Array<{ reason: string }> };
      expect(cli.problems.map((p) => p.reason)).toEqual([
        // The credential check (issue 21 §2) names the role edit too, from the admin's own stream.
        'admin_users row auditor: role is superadmin, the ledger says auditor',
        `members row (uid "${member.uid}"), column name: "Somebody Else" in the live table, "${member.name}" rebuilt from the events`,
        'admin_users row (username "auditor"), column role: "superadmin" in the live table, "auditor" rebuilt from the events',
      ]);
      expect(lines[1]).toMatch(/^LEDGER BROKEN at event \d+ \(/);
    } finally {
      await t.db.owner.execute(`update admin_users set role = 'auditor' where username = 'auditor'`);
      await t.db.owner.execute(`update members set name = $2 where uid = $1`, [member.uid, member.name]);
    }
  });

  it('names a deleted row and an inserted one', async () => {
    const [news] = await t.db.owner.query<Record<string, unknown>>(`select to_jsonb(n) as row from news n limit 1`);
    const row = (news as { row: Record<string, unknown> }).row;
    await t.db.owner.execute(`delete from news where id::text = $1`, [row.id]);
    const forged = randomUUID();
    await t.db.owner.execute(
      `insert into tickets select * from jsonb_populate_record(null::tickets, (select to_jsonb(x) || jsonb_build_object('id', $1::text) from tickets x limit 1))`,
      [forged],
    );
    try {
      const report = await verifyAsAuditor();
      const news_ = report.projections.differences.filter((d) => d.table === 'news');
      expect(news_).toEqual([
        {
          table: 'news',
          key: { id: row.id },
          column: null,
          live: null,
          rebuilt: expect.objectContaining({ id: row.id }),
        },
      ]);
      const tickets = report.projections.differences.filter((d) => d.table === 'tickets');
      expect(tickets).toEqual([
        expect.objectContaining({ key: { id: forged }, column: null, rebuilt: null, live: expect.any(Object) }),
      ]);
      expect(report.problems.map((p) => p.reason)).toEqual(
        expect.arrayContaining([
          expect.stringContaining('is missing from the live table'),
          expect.stringContaining('is in the live table but not in what the events make'),
        ]),
      );
    } finally {
      await t.db.owner.execute(`delete from tickets where id::text = $1`, [forged]);
      await t.db.owner.execute(`insert into news select * from jsonb_populate_record(null::news, $1::jsonb)`, [row]);
    }
  });

  it('compares a secret through a keyed hash: the report never holds the secret', async () => {
    const [reset] = await t.db.owner.query<{ token_id: string; secret_hash: string }>(
      'select token_id, secret_hash from password_resets limit 1',
    );
    await t.db.owner.execute(`update password_resets set secret_hash = repeat('0', 64) where token_id = $1`, [
      reset.token_id,
    ]);
    try {
      const report = await compareProjections(t.db.owner, new ProjectionRunner(ALL_PROJECTIONS));
      expect(report.differences).toEqual([
        {
          table: 'password_resets',
          key: { token_id: reset.token_id },
          column: 'secret_hash',
          live: expect.stringMatching(/^[0-9a-f]{64}$/),
          rebuilt: expect.stringMatching(/^[0-9a-f]{64}$/),
        },
      ]);
      expect(JSON.stringify(report)).not.toContain(reset.secret_hash);
      expect(JSON.stringify(report)).not.toContain('0'.repeat(64));
    } finally {
      await t.db.owner.execute(`update password_resets set secret_hash = $2 where token_id = $1`, [
        reset.token_id,
        reset.secret_hash,
      ]);
    }
  });

  it("names a member's PAN swapped beside the ledger (member_kyc), without showing a number", async () => {
    const [kyc] = await t.db.owner.query<{ uid: string; version: number; pan: string }>(
      'select uid, version, pan from member_kyc limit 1',
    );
    await t.db.owner.execute(`update member_kyc set pan = 'ZZZZZ9999Z' where uid = $1 and version = $2`, [
      kyc.uid,
      kyc.version,
    ]);
    try {
      const report = await verifyAsAuditor();
      expect(report.problems).toEqual([
        expect.objectContaining({
          stream_id: `profile-${kyc.uid}`,
          reason: `member_kyc row (uid ${kyc.uid}, version ${kyc.version}): the PAN beside the ledger no longer matches the masks its BankDetailsSaved carries`,
        }),
      ]);
      expect(JSON.stringify(report)).not.toMatch(/9999Z|1234F/);
    } finally {
      await t.db.owner.execute('update member_kyc set pan = $3 where uid = $1 and version = $2', [
        kyc.uid,
        kyc.version,
        kyc.pan,
      ]);
    }
  });

  it('one rebuild at a time in the shared scratch schema; its tables are gone after, and the ledger verifies again', async () => {
    const token = await adminToken('auditor');
    const call = () => request(server()).post('/admin-api/ledger/verify').set('Authorization', `Bearer ${token}`);
    const answers = await Promise.all([call(), call(), call()]);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const answer of answers.filter((a) => a.status !== 200))
      expect(answer).toMatchObject({ status: 409, body: { code: 'LEDGER.VERIFY_RUNNING' } });
    for (const answer of answers.filter((a) => a.status === 200)) expect(answer.body.ok).toBe(true);
    const [left] = await t.db.owner.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname = $1`,
      [VERIFY_SCRATCH_SCHEMA],
    );
    expect(left.n).toBe(0);
    const report = await verifyLedger(t.db.app, LEDGER_CHECKS, undefined, {
      projections: await compareProjections(t.db.app, new ProjectionRunner(ALL_PROJECTIONS), {
        schema: VERIFY_SCRATCH_SCHEMA,
      }),
    });
    expect(report.problems).toEqual([]);
  });
});
