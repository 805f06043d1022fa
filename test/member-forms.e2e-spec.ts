import request from 'supertest';
import { replayLedger } from '../src/modules/ledger-audit/replay';
import { verhoeffDigit } from '../src/modules/profile/domain/id-numbers';
import { ALL_PROJECTIONS } from '../src/modules/projections';
import { ProjectionRunner } from '../src/platform/projections/projection';
import { eventCount, PASSWORD, seedBasics, validRegistration } from './support/seed';
import { startTestApp, TestApp } from './support/test-app';

/**
 * Issue 20 on the server (decision 0041): letters of any script in names, cities, states,
 * districts and nominees, and a UPI ID (`name@bank`, up to 50 characters) beside the UPI number,
 * kept whole wherever it is shown again.
 */
const AADHAAR = '23456789012' + verhoeffDigit('23456789012');
const LONG_UPI_ID = 'ravi.kumar.nashik.family@okaxis';

describe('member forms: any-script names and UPI IDs (issue 20)', () => {
  let t: TestApp;
  const server = () => t.app.getHttpServer();
  const register = (body: Record<string, unknown>) => request(server()).post('/api/registrationWeb').send(body);
  const post = (token: string, path: string, body: Record<string, unknown>) =>
    request(server()).post(path).set('Authorization', `Bearer ${token}`).send(body);
  const login = async (uid: string) =>
    (await request(server()).post('/api/login').send({ uid, password: PASSWORD, ipaddress: '' }).expect(200)).body
      .token as string;

  beforeAll(async () => {
    t = await startTestApp();
    await seedBasics(t.db.app);
  });
  afterAll(() => t.close());

  it('registers a member whose name, city and state are Devanagari (with ZWJ and ZWNJ) and whose UPI ID is long, and shows them whole', async () => {
    const name = 'रवि क्\u200Dष कुमार';
    const res = await register(
      validRegistration({
        name,
        city: 'नाशिक',
        state: 'महाराष्ट्र',
        upinumber: LONG_UPI_ID,
        email: 'ravi.hindi@example.com',
        mobile: '9876500101',
      }),
    ).expect(200);
    const uid = res.body.uid_output as string;
    expect(res.body.result).toBe('Registration Successfull');
    const welcome = await request(server())
      .get('/api/WelcomeDetails')
      .set('X-Welcome-Token', res.body.welcomeToken)
      .query({ uid })
      .expect(200);
    expect(welcome.body.data[0].f_name).toBe(name);
    const token = await login(uid);
    const info = (await post(token, '/api/UserInformation', {}).expect(200)).body[0];
    expect(info).toMatchObject({ f_name: name, GPay: LONG_UPI_ID });
  });

  it('refuses a UPI ID that is malformed or over 50 characters, and a name with a digit in any script, writing nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ upinumber: `${'r'.repeat(44)}@okaxis` }, 'Enter a valid UPI ID (name@bank, at most 50 characters)'],
      [{ upinumber: 'ravi@' }, 'Enter a valid UPI ID (name@bank, at most 50 characters)'],
      [{ upinumber: '9876543210123' }, 'UPI number should not be greater than 12 characters'],
      [{ name: 'रवि२ कुमार' }, 'User Name may contain letters and spaces only'],
      [{ city: '\u200Dनाशिक' }, 'City may contain letters and spaces only'],
    ];
    for (const [change, text] of cases) {
      const before = await eventCount(t.db.app);
      const res = await register(validRegistration({ ...change, email: 'bad.form@example.com', mobile: '9876500102' }));
      expect([res.status, res.body.result]).toEqual([400, text]);
      expect(await eventCount(t.db.app)).toBe(before);
    }
  });

  it('saves a Devanagari profile and bank details with a UPI ID, kept whole; replay rebuilds the same rows', async () => {
    const res = await register(validRegistration({ email: 'asha.profile@example.com', mobile: '9876500103' })).expect(
      200,
    );
    const token = await login(res.body.uid_output as string);
    const profile = {
      type: 'profile',
      statename: 'महाराष्ट्र',
      districtname: 'नाशिक',
      cityname: '422001',
      counrtyid: '101',
      pincode: '422001',
      Nomineename: 'सीता राव',
      Nomineerelation: 'बहन',
      IP_address: '',
    };
    expect((await post(token, '/api/UpdateProfile', profile).expect(200)).body.Result).toBe(
      'Profile Update Successfully',
    );
    const bank = {
      type: 'bankdetails',
      accountnumber: '123456789012',
      holder: 'Asha Rao',
      ifsc: 'KKBK0000261',
      ctrans_password: PASSWORD,
      PAN: 'ABCPE1234F',
      AAdhar: AADHAAR,
      IP_address: '',
    };
    const before = await eventCount(t.db.app);
    const bad = await post(token, '/api/UpdateProfile', { ...bank, upinumber: 'asha@ok axis' });
    expect([bad.status, bad.body.result]).toEqual([400, 'Enter a valid UPI ID (name@bank, at most 50 characters)']);
    expect(await eventCount(t.db.app)).toBe(before);
    expect((await post(token, '/api/UpdateProfile', { ...bank, upinumber: LONG_UPI_ID }).expect(200)).body.Result).toBe(
      'Bank Details Updated Successfully',
    );
    const info = (await post(token, '/api/UserInformation', {}).expect(200)).body[0];
    expect(info).toMatchObject({
      statename: 'महाराष्ट्र',
      districtname: 'नाशिक',
      nominee_name: 'सीता राव',
      nominee_relation: 'बहन',
      GPay: LONG_UPI_ID,
    });
    const replay = await replayLedger(t.db.owner, new ProjectionRunner(ALL_PROJECTIONS));
    expect(replay.tables.filter((d) => d.onlyLive + d.onlyReplayed > 0)).toEqual([]);
  });
});
