import request from 'supertest';
import { LEDGER_CHECKS } from '../src/modules/ledger-audit/checks';
import { replayLedger } from '../src/modules/ledger-audit/replay';
import { verifyLedger } from '../src/modules/ledger-audit/verify';
import { verhoeffDigit } from '../src/modules/profile/domain/id-numbers';
import { ALL_PROJECTIONS } from '../src/modules/projections';
import { ProjectionRunner } from '../src/platform/projections/projection';
import { HelpCircle } from './support/help-circle';
import { Network } from './support/network';
import { ADMIN_PASSWORD, eventCount, PASSWORD, seedBasics } from './support/seed';
import { startTestApp, TestApp } from './support/test-app';

const AADHAAR = '23456789012' + verhoeffDigit('23456789012');
const AADHAAR_2 = '98765432101' + verhoeffDigit('98765432101');
const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BANK = {
  type: 'bankdetails',
  accountnumber: '123456789012',
  holder: 'Asha Rao',
  ifsc: 'KKBK0000261',
  bank_name: 'typed bank',
  branch: 'typed branch',
  ctrans_password: PASSWORD,
  PAN: 'ABCPE1234F',
  AAdhar: AADHAAR,
  upinumber: '9876543210',
  IP_address: '',
};
const PROFILE = {
  type: 'profile',
  statename: 'Maharashtra',
  districtname: 'Nashik',
  cityname: '422001',
  counrtyid: '101',
  pincode: '422001',
  Nomineename: 'Ravi Rao',
  Nomineerelation: 'Brother',
  IP_address: '',
};

describe('profile, credentials, bank details and wallet (issue 12)', () => {
  let t: TestApp;
  let net: Network;
  let help: HelpCircle;
  const server = () => t.app.getHttpServer();

  beforeAll(async () => {
    t = await startTestApp();
    await seedBasics(t.db.app);
    net = new Network(t);
    help = new HelpCircle(t, net);
  });
  afterAll(() => t.close());

  const login = async (uid: string, password = PASSWORD) =>
    (await request(server()).post('/api/login').send({ uid, password })).body.token as string;
  const post = (token: string, path: string, body: Record<string, unknown>) =>
    request(server()).post(path).set('Authorization', `Bearer ${token}`).send(body);
  const adminToken = async (role: string) =>
    (await request(server()).post('/admin-api/auth/login').send({ username: role, password: ADMIN_PASSWORD })).body
      .token as string;
  /** An admin's call; an unlock (four eyes, decision 0034) approved by a second admin: the action's answer. */
  const adminPost = async (role: string, path: string, body: Record<string, unknown>) =>
    net.second.approve(
      request(server())
        .post(`/admin-api/${path}`)
        .set('Authorization', `Bearer ${await adminToken(role)}`)
        .send(body),
    );
  /** Sends, expects a 400 with `text`, and that nothing was written. */
  const refused = async (token: string, body: Record<string, unknown>, text: string) => {
    const before = await eventCount(t.db.app);
    const res = await post(token, '/api/UpdateProfile', body);
    expect([res.status, res.body.result]).toEqual([400, text]);
    expect(await eventCount(t.db.app)).toBe(before);
  };
  const answered = async (token: string, body: Record<string, unknown>, text: string) => {
    const res = await post(token, '/api/UpdateProfile', body);
    expect([res.status, res.body.Result, res.body.result]).toEqual([200, text, text]);
    return res;
  };
  const info = async (token: string) => (await post(token, '/api/UserInformation', {})).body[0];

  it('UserInformation answers the spec fields; getregion answers every state of India and a state’s districts; the IFSC look-up names real branches', async () => {
    const uid = await net.register(undefined, 'Asha Rao');
    const token = await login(uid);
    expect(await info(token)).toMatchObject({
      uid,
      f_name: 'Asha Rao',
      email: 'asha@example.com',
      mobile: '9876543210',
      countryid: 101,
      country_name: 'India',
      statename: 'Maharashtra',
      districtname: '',
      cityname: '',
      pincode: '',
      nominee_name: '',
      nominee_relation: '',
      accountaddress: '',
      accountnumber: '',
      PAN: '',
      AAdhar: '',
      GPay: 'asha@upi',
      bank_locked: false,
      wallet_locked: false,
    });
    const states = (await post(token, '/api/getregion', { uid, regiontype: 'State', regionid: '' })).body[0];
    expect(states).toHaveLength(36);
    expect(states).toContainEqual({ id: 'MH', name: 'Maharashtra' });
    const districts = (await post(token, '/api/getregion', { regiontype: 'District', regionid: 'MH' })).body[0];
    expect(districts).toContainEqual({ id: 'Nashik', name: 'Nashik' });
    expect((await post(token, '/api/getregion', { regiontype: 'City' })).status).toBe(400);

    const ifsc = (code: string) => request(server()).get(`/api/ifsc/${code}`).set('Authorization', `Bearer ${token}`);
    expect((await ifsc('KKBK0000261')).body).toMatchObject({
      IFSC: 'KKBK0000261',
      BANK: 'Kotak Mahindra Bank',
      BRANCH: 'GURGAON',
    });
    expect((await ifsc('kkbk0000261')).status).toBe(200);
    expect((await ifsc('ABCD0123456')).status).toBe(404);
    expect((await ifsc('not-an-ifsc')).status).toBe(404);
  });

  it('type profile: the six required fields in the spec’s order (400, nothing written), then Profile Update Successfully', async () => {
    const uid = await net.register(undefined, 'Profile Member');
    const token = await login(uid);
    const order: Array<[string, string]> = [
      ['statename', 'Please Enter state name'],
      ['districtname', 'Please Enter district name'],
      ['cityname', 'Please Enter city name'],
      ['pincode', 'Please enter pincode'],
      ['Nomineename', 'Please enter Nominee Name'],
      ['Nomineerelation', 'Please enter Nominee Relation'],
    ];
    for (let i = 0; i < order.length; i++) {
      const body: Record<string, unknown> = { ...PROFILE };
      for (const [field] of order.slice(i)) body[field] = '';
      await refused(token, body, order[i][1]);
    }
    await refused(token, { ...PROFILE, cityname: 'Nashik' }, 'City must be digits only, at most 6');
    await answered(token, PROFILE, 'Profile Update Successfully');
    await answered(
      token,
      { ...PROFILE, statename: 'Dadra and Nagar Haveli and Daman and Diu', districtname: 'Dadra and Nagar Haveli' },
      'Profile Update Successfully',
    );
    expect(await info(token)).toMatchObject({
      statename: 'Dadra and Nagar Haveli and Daman and Diu',
      districtname: 'Dadra and Nagar Haveli',
      cityname: '422001',
      pincode: '422001',
      nominee_name: 'Ravi Rao',
      nominee_relation: 'Brother',
    });
  });

  it('type password: each error text, then the change ends older sessions, answers a new token and the new password logs in', async () => {
    const uid = await net.register(undefined, 'Password Member');
    const token = await login(uid);
    const change = (body: Record<string, unknown>) => ({ type: 'password', IP_address: '', ...body });
    await answered(token, change({ cpassword: 'wrong-one', password: 'Newpass@1' }), 'Current password is wrong!');
    await refused(token, change({ cpassword: PASSWORD, password: PASSWORD }), 'Old password can not be new password');
    await refused(
      token,
      change({ cpassword: PASSWORD, password: 'Newpass@1', confirmpassword: 'Newpass@2' }),
      'Password is not matched',
    );
    await refused(
      token,
      change({ cpassword: PASSWORD, password: 'short' }),
      'New Password must be at least 6 characters',
    );
    const done = await answered(
      token,
      change({ cpassword: PASSWORD, password: 'Newpass@1', confirmpassword: 'Newpass@1' }),
      'Changes Password Update Successfully',
    );
    expect((await post(token, '/api/UserInformation', {})).status).toBe(401);
    expect((await post(done.body.token, '/api/UserInformation', {})).status).toBe(200);
    expect(await login(uid)).toBe('');
    expect(await login(uid, 'Newpass@1')).not.toBe('');
    // The transaction password did not change with it.
    await answered(
      done.body.token,
      { type: 'trans_password', ctrans_password: 'Newpass@1', trans_password: 'Trans@123' },
      'Current Transaction Password is wrong!',
    );
  });

  it('type trans_password: Current Transaction Password is wrong!, the same rules, then the new one guards the wallet', async () => {
    const uid = await net.register(undefined, 'Txn Member');
    let token = await login(uid);
    const change = (body: Record<string, unknown>) => ({ type: 'trans_password', IP_address: '', ...body });
    await answered(
      token,
      change({ ctrans_password: 'nope-nope', trans_password: 'Trans@123' }),
      'Current Transaction Password is wrong!',
    );
    await refused(
      token,
      change({ ctrans_password: PASSWORD, trans_password: PASSWORD }),
      'Old password can not be new password',
    );
    await refused(
      token,
      change({ ctrans_password: PASSWORD, trans_password: 'abc' }),
      'Password must be at least 6 characters',
    );
    await refused(
      token,
      change({ ctrans_password: PASSWORD, trans_password: 'Trans@123', confirm_trans_password: 'Trans@124' }),
      'Password is not matched',
    );
    const done = await answered(
      token,
      change({ ctrans_password: PASSWORD, trans_password: 'Trans@123', confirm_trans_password: 'Trans@123' }),
      'Changes Password Update Successfully',
    );
    token = done.body.token;
    // The login password is unchanged; the wallet now wants the new transaction password.
    expect(await login(uid)).not.toBe('');
    await answered(
      token,
      { type: 'ecurrency', accountnumber: WALLET, otp: PASSWORD },
      'Current Transaction Password is wrong!',
    );
    await answered(
      token,
      { type: 'ecurrency', accountnumber: WALLET, otp: 'Trans@123' },
      'Wallet Address Update Successfully',
    );
  });

  it('type ecurrency: address checks (EIP-55 checksum), the transaction password as otp, then locked until an admin unlocks it', async () => {
    const uid = await net.register(undefined, 'Wallet Member');
    const token = await login(uid);
    const wallet = (accountnumber: string, otp = PASSWORD) => ({
      type: 'ecurrency',
      accountnumber,
      otp,
      email: 'x',
      IP_address: '',
    });
    await refused(token, wallet(''), 'Please enter wallet address');
    await refused(
      token,
      wallet('0x1234'),
      'Please enter a valid USDT BEP-20 wallet address (0x and 40 hexadecimal digits)',
    );
    await refused(
      token,
      wallet('0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'),
      'This wallet address has a wrong checksum (mixed case must follow EIP-55): please copy it again',
    );
    await refused(token, wallet(WALLET, ''), 'Please Enter Transaction Password');
    await answered(token, wallet(WALLET, 'wrong-pass'), 'Current Transaction Password is wrong!');
    await answered(token, wallet(WALLET.toLowerCase()), 'Wallet Address Update Successfully');
    expect(await info(token)).toMatchObject({ accountaddress: WALLET, wallet_locked: true });
    const before = await eventCount(t.db.app);
    await answered(token, wallet('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'), 'Details Verified and Locked');
    expect(await eventCount(t.db.app)).toBe(before);

    expect((await adminPost('support', `members/${uid}/unlock-wallet`, { reason: 'x' })).status).toBe(403);
    expect((await adminPost('approver', `members/${uid}/unlock-wallet`, { reason: '  ' })).status).toBe(400);
    expect((await adminPost('approver', `members/${uid}/unlock-wallet`, {})).status).toBe(400);
    const unlocked = await adminPost('approver', `members/${uid}/unlock-wallet`, {
      reason: 'Lost access to the old wallet',
    });
    expect([unlocked.status, unlocked.body]).toEqual([200, { id: uid, bank_locked: false, wallet_locked: false }]);
    expect((await adminPost('approver', `members/${uid}/unlock-wallet`, { reason: 'again' })).status).toBe(409);
    const [event] = await t.db.app.query<{ type: string; actor: string; payload: Record<string, unknown> }>(
      "select type, metadata->'actor'->>'id' as actor, payload from events where stream_id = $1 order by stream_version desc limit 1",
      [`profile-${uid}`],
    );
    expect(event).toEqual({
      type: 'WalletAddressUnlocked',
      actor: 'approver',
      payload: { uid, by: 'approver', reason: 'Lost access to the old wallet' },
    });
    await answered(token, wallet('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'), 'Wallet Address Update Successfully');
  });

  it('type bankdetails: every check, the transaction password, the IFSC look-up names bank and branch, PAN and Aadhaar masked outside the owner and the admin page', async () => {
    const uid = await net.register(undefined, 'Bank Member');
    const token = await login(uid);
    const checks: Array<[Record<string, unknown>, string]> = [
      [{ accountnumber: '' }, 'Please Enter Account Number'],
      [{ accountnumber: '12ab' }, 'Account Number must be 9 to 18 digits'],
      [{ holder: '' }, 'Please Enter Account Holder Name'],
      [{ ifsc: '' }, 'Please Enter IFSC Code'],
      [{ ifsc: 'ABCD0123456' }, 'Please Enter a valid IFSC Code'],
      [{ ctrans_password: '' }, 'Please Enter Transaction Password'],
      [{ PAN: '' }, 'Please Enter PAN Number'],
      [{ PAN: 'ABCDE1234F' }, 'Please Enter a valid PAN Number (5 letters, 4 digits, 1 letter)'],
      [{ AAdhar: '000000000000' }, 'Please Enter Aadhar Number'],
      [{ AAdhar: '234567890123' }, 'Please Enter a valid Aadhar Number (12 digits)'],
      [{ upinumber: '' }, 'Please Enter UPI Number'],
    ];
    for (const [change, text] of checks) await refused(token, { ...BANK, ...change }, text);
    await answered(token, { ...BANK, ctrans_password: 'wrong-pass' }, 'Current Transaction Password is wrong!');
    await answered(token, { ...BANK, ifsc: 'kkbk0000261', PAN: 'abcpe1234f' }, 'Bank Details Updated Successfully');
    expect(await info(token)).toMatchObject({
      accountnumber: '123456789012',
      holder: 'Asha Rao',
      ifsc: 'KKBK0000261',
      bank_name: 'Kotak Mahindra Bank',
      branch: 'GURGAON',
      PAN: 'ABCPE1234F',
      AAdhar: AADHAAR,
      GPay: '9876543210',
      bank_locked: true,
    });
    await answered(token, BANK, 'Details Verified and Locked');

    // Outside the owner's profile and the admin's page, PAN and Aadhaar exist only masked: not in any event.
    const leaked = await t.db.app.query(
      "select position from events where payload::text like '%ABCPE1234F%' or payload::text like $1",
      [`%${AADHAAR}%`],
    );
    expect(leaked).toEqual([]);
    const [saved] = await t.db.app.query<{ payload: Record<string, unknown> }>(
      "select payload from events where stream_id = $1 and type = 'BankDetailsSaved'",
      [`profile-${uid}`],
    );
    expect(saved.payload).toMatchObject({ panMasked: 'XXXXX1234F', aadhaarMasked: `XXXXXXXX${AADHAAR.slice(-4)}` });

    const show = await request(server())
      .get(`/admin-api/members/${uid}`)
      .set('Authorization', `Bearer ${await adminToken('support')}`)
      .expect(200);
    expect(show.body.bank).toMatchObject({
      account_number: '123456789012',
      pan: 'ABCPE1234F',
      aadhaar: AADHAAR,
      locked: true,
    });
    expect(show.body.wallet).toEqual({ address: '', locked: false, saved_at: null });

    // The auditor reads the event with the bank details redacted (decision 0015).
    const audited = await request(server())
      .get('/admin-api/events')
      .query({ filter: JSON.stringify({ stream_id: `profile-${uid}` }) })
      .set('Authorization', `Bearer ${await adminToken('auditor')}`)
      .expect(200);
    const auditedSave = audited.body.find((e: { type: string }) => e.type === 'BankDetailsSaved');
    expect(auditedSave.payload.accountNumber).toMatch(/^redacted:[0-9a-f]{32}$/);
    expect(auditedSave.payload.panMasked).toMatch(/^redacted:/);
  });

  it('unlocked by a superadmin, the member changes the details; an IFSC without a sample branch is named by its bank', async () => {
    const uid = await net.register(undefined, 'Second Bank');
    const token = await login(uid);
    await answered(token, { ...BANK, ifsc: 'SBIN0000300' }, 'Bank Details Updated Successfully');
    expect(await info(token)).toMatchObject({ bank_name: 'State Bank of India', branch: 'MUMBAI MAIN BRANCH' });
    await adminPost('superadmin', `members/${uid}/unlock-bank`, { reason: 'Account closed' }).then((r) =>
      expect(r.status).toBe(200),
    );
    expect((await info(token)).bank_locked).toBe(false);
    await answered(
      token,
      { ...BANK, ifsc: 'HDFC0000002', AAdhar: AADHAAR_2, accountnumber: '999988887777' },
      'Bank Details Updated Successfully',
    );
    const after = await info(token);
    expect(after).toMatchObject({
      accountnumber: '999988887777',
      AAdhar: AADHAAR_2,
      bank_locked: true,
      ifsc: 'HDFC0000002',
    });
    expect(after.bank_name).toBe('HDFC Bank');
  });

  it('help links copy the receiver’s bank details as they are when made: links made before a change keep theirs', async () => {
    const receiver = await help.memberWithIncome(2, 'Bank Receiver');
    const sender = await net.register(undefined, 'Link Sender');
    const ph = await help.approvedHelp(sender);
    const first = await help.approvedWithdrawal(receiver, 100);
    const second = await help.approvedWithdrawal(receiver, 100);
    const rToken = await login(receiver);
    await answered(rToken, BANK, 'Bank Details Updated Successfully');
    const link1 = await help.adminPost('help-links', { phEntryId: ph, ghEntryId: `gh-${first}`, amountRupees: 100 });
    await adminPost('approver', `members/${receiver}/unlock-bank`, { reason: 'New bank' });
    await answered(
      rToken,
      { ...BANK, accountnumber: '555566667777', ifsc: 'SBIN0000300', upinumber: 'asha.new' },
      'Bank Details Updated Successfully',
    );
    const link2 = await help.adminPost('help-links', { phEntryId: ph, ghEntryId: `gh-${second}`, amountRupees: 100 });
    const details = async (id: string) => (await net.as(sender, '/api/PhListDetails', { rowid: id })).body[0][0];
    expect(await details(link1.body.id)).toMatchObject({
      accountnumber: '123456789012',
      ifsc: 'KKBK0000261',
      bank_name: 'Kotak Mahindra Bank',
      holder: 'Asha Rao',
      gpay: '9876543210',
    });
    expect(await details(link2.body.id)).toMatchObject({
      accountnumber: '555566667777',
      ifsc: 'SBIN0000300',
      bank_name: 'State Bank of India',
      branch: 'MUMBAI MAIN BRANCH',
      gpay: 'asha.new',
    });
  });

  it('IDOR: every call refuses another member’s uid with 403 and writes nothing', async () => {
    const me = await net.register(undefined, 'Me Member');
    const other = await net.register(undefined, 'Other Member');
    const token = await login(me);
    const before = await eventCount(t.db.app);
    for (const [path, body] of [
      ['/api/UserInformation', { uid: other }],
      ['/api/getregion', { uid: other, regiontype: 'State' }],
      ['/api/UpdateProfile', { ...PROFILE, uid: other }],
      ['/api/UpdateProfile', { ...BANK, uid: other }],
      ['/api/UpdateProfile', { type: 'password', uid: other, cpassword: PASSWORD, password: 'Other@123' }],
      ['/api/UpdateProfile', { type: 'ecurrency', uid: other, accountnumber: WALLET, otp: PASSWORD }],
    ] as const) {
      const res = await post(token, path, body);
      expect([path, res.status, res.body.result]).toEqual([path, 403, 'Access denied for this user id']);
    }
    expect(
      (
        await request(server())
          .get('/api/ifsc/KKBK0000261')
          .query({ uid: other })
          .set('Authorization', `Bearer ${token}`)
      ).status,
    ).toBe(403);
    expect(await eventCount(t.db.app)).toBe(before);
    expect((await request(server()).post('/api/UserInformation').send({})).status).toBe(401);
    // An admin's unlock needs a member that exists.
    expect((await adminPost('approver', 'members/999999/unlock-bank', { reason: 'x' })).status).toBe(404);
    expect((await adminPost('approver', 'members/12/unlock-bank', { reason: 'x' })).status).toBe(404);
  });

  describe('lock-out after repeated wrong current passwords (decision 0029)', () => {
    const LOCKED = 'Too many wrong passwords. Try again after 15 minutes.';
    const secretEvents = async (uid: string) =>
      t.db.owner.query<{ type: string; payload: Record<string, unknown> }>(
        `select type, payload from events where stream_id = $1 and type like 'SecretCheck%' order by stream_version`,
        [`member-${uid}`],
      );

    it('the fifth wrong transaction password (any call) locks its checks: even the right one is refused, unchecked, writing nothing; the login password is counted apart', async () => {
      const uid = await net.register(undefined, 'Guessed Member');
      const token = await login(uid);
      const wrongTxn = 'Current Transaction Password is wrong!';
      await answered(
        token,
        { type: 'trans_password', ctrans_password: 'guess-1', trans_password: 'Trans@123' },
        wrongTxn,
      );
      await answered(token, { type: 'ecurrency', accountnumber: WALLET, otp: 'guess-2' }, wrongTxn);
      await answered(token, { ...BANK, ctrans_password: 'guess-3' }, wrongTxn);
      await answered(
        token,
        { type: 'trans_password', ctrans_password: 'guess-4', trans_password: 'Trans@123' },
        wrongTxn,
      );
      const fifth = await answered(token, { type: 'ecurrency', accountnumber: WALLET, otp: 'guess-5' }, LOCKED);
      expect(fifth.body.code).toBe('CREDENTIAL.CHECKS_LOCKED');
      expect(await secretEvents(uid)).toEqual([
        ...[1, 2, 3, 4, 5].map((failures) => ({
          type: 'SecretCheckFailed',
          payload: { kind: 'transaction', failures },
        })),
        { type: 'SecretChecksLockedOut', payload: { kind: 'transaction', until: expect.any(String) } },
      ]);
      // Locked: the right transaction password changes nothing, in every call that checks it.
      const before = await eventCount(t.db.app);
      await answered(token, { ...BANK }, LOCKED);
      await answered(token, { type: 'ecurrency', accountnumber: WALLET, otp: PASSWORD }, LOCKED);
      await answered(
        token,
        {
          type: 'trans_password',
          ctrans_password: PASSWORD,
          trans_password: 'Trans@123',
          confirm_trans_password: 'Trans@123',
        },
        LOCKED,
      );
      expect(await eventCount(t.db.app)).toBe(before);
      expect((await info(token)).accountnumber).toBe('');
      // The login password has its own count: one wrong is only wrong, and the login itself is not locked.
      await answered(
        token,
        { type: 'password', cpassword: 'guess-x', password: 'Newpass@1' },
        'Current password is wrong!',
      );
      expect(await login(uid)).not.toBe('');

      // The window passes (no test clock: the projection's times move back as the clock would move on) …
      await t.db.owner.query(
        `update secret_checks set locked_until = now() - interval '1 minute', last_failed_at = now() - interval '16 minutes'
          where uid = $1 and kind = 'transaction'`,
        [uid],
      );
      // … and the right transaction password works again; the count starts anew.
      await answered(token, { ...BANK }, 'Bank Details Updated Successfully');
      expect((await secretEvents(uid)).map((e) => e.type).slice(-1)).toEqual(['SecretCheckPassed']);
      const [row] = await t.db.owner.query<{ failures: number; locked_until: Date | null }>(
        `select failures, locked_until from secret_checks where uid = $1 and kind = 'transaction'`,
        [uid],
      );
      expect(row).toEqual({ failures: 0, locked_until: null });
      await answered(token, { type: 'ecurrency', accountnumber: WALLET, otp: 'guess-6' }, wrongTxn);
    });

    it('five wrong current login passwords lock the password change; concurrent guesses are counted one after another', async () => {
      const uid = await net.register(undefined, 'Racing Guesser');
      const token = await login(uid);
      const guesses = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          post(token, '/api/UpdateProfile', { type: 'password', cpassword: `guess-${i}`, password: 'Newpass@1' }),
        ),
      );
      const texts = guesses.map((r) => r.body.Result as string);
      expect(texts.filter((x) => x === 'Current password is wrong!')).toHaveLength(4);
      expect(texts.filter((x) => x === LOCKED)).toHaveLength(4);
      const failures = (await secretEvents(uid)).filter((e) => e.type === 'SecretCheckFailed');
      expect(failures.map((e) => e.payload.failures)).toEqual([1, 2, 3, 4, 5]);
      await answered(token, { type: 'password', cpassword: PASSWORD, password: 'Newpass@1' }, LOCKED);
      // The transaction password is not locked by it.
      await answered(
        token,
        { type: 'ecurrency', accountnumber: WALLET, otp: PASSWORD },
        'Wallet Address Update Successfully',
      );
    });
  });

  it('the ledger verifies and replay rebuilds every table with zero differences', async () => {
    expect((await verifyLedger(t.db.app, LEDGER_CHECKS)).problems).toEqual([]);
    const replay = await replayLedger(t.db.owner, new ProjectionRunner(ALL_PROJECTIONS));
    expect(replay.tables.filter((d) => d.onlyLive + d.onlyReplayed > 0)).toEqual([]);
  });
});
