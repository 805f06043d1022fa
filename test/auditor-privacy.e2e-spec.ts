import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import request from 'supertest';
import { contentHash } from '../src/platform/event-store/canonical';
import { ADMIN_PASSWORD, PASSWORD, seedBasics, validRegistration } from './support/seed';
import { startTestApp, TestApp } from './support/test-app';

/** Two members' personal details, the second sharing the first's city (equal values must stay comparable). */
const PRIYA = {
  name: 'Priya Personal',
  email: 'priya.personal@example.com',
  mobile: '9812345678',
  upinumber: 'priya@okaxis',
  WalletAddress: '0xPriyaPersonalWallet0000000000000000000001',
  city: 'Kolhapur',
  state: 'Arunachal Pradesh',
};
const RAVI = {
  name: 'Ravi Private',
  email: 'ravi.private@example.com',
  mobile: '9812345679',
  upinumber: 'ravi@okaxis',
  WalletAddress: '0xRaviPrivateWallet00000000000000000000002',
  city: 'Kolhapur',
};

describe('the auditor reads the ledger, not the people (issue 8, point 9)', () => {
  let t: TestApp;
  let uids: string[];
  let clientIp: string;
  const server = () => t.app.getHttpServer();
  const token = async (username: string) =>
    (await request(server()).post('/admin-api/auth/login').send({ username, password: ADMIN_PASSWORD }).expect(200))
      .body.token as string;
  /** What one admin role receives from the events list (one member's stream), an event's show and the export. */
  const views = async (username: string) => {
    const bearer = `Bearer ${await token(username)}`;
    const list = await request(server())
      .get('/admin-api/events')
      .query({ filter: JSON.stringify({ stream_id: `member-${uids[0]}` }) })
      .set('Authorization', bearer)
      .expect(200);
    const registered = (list.body as Array<{ id: number; type: string }>).find((e) => e.type === 'MemberRegistered');
    const show = await request(server())
      .get(`/admin-api/events/${registered?.id}`)
      .set('Authorization', bearer)
      .expect(200);
    const exported = await request(server())
      .get('/admin-api/ledger/export')
      .set('Authorization', bearer)
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => done(null, text));
      })
      .expect(200);
    return {
      list: list.body as unknown[],
      show: show.body as { payload: Record<string, string>; metadata: Record<string, string> },
      exported: exported.body as string,
    };
  };

  beforeAll(async () => {
    t = await startTestApp();
    await seedBasics(t.db.app);
    uids = [];
    for (const who of [PRIYA, RAVI]) {
      const res = await request(server()).post('/api/registrationWeb').send(validRegistration(who));
      if (res.status !== 200 || !res.body.uid_output)
        throw new Error(`registration refused: ${res.status} ${JSON.stringify(res.body)}`);
      uids.push(res.body.uid_output);
    }
    const [row] = await t.db.owner.query<{ ip: string }>(
      "select metadata->>'clientIp' as ip from events where stream_id = $1",
      [`member-${uids[0]}`],
    );
    clientIp = row.ip;
    expect(clientIp).toBeTruthy();
  });
  afterAll(() => t.close());

  const personal = () => [...Object.values(PRIYA).filter((v) => v !== 'Kolhapur'), ...Object.values(RAVI), clientIp];

  it('gives the auditor no personal value in the events list, an event, or the export', async () => {
    const { list, show, exported } = await views('auditor');
    for (const text of [JSON.stringify(list), JSON.stringify(show), exported]) {
      for (const value of personal()) expect(text).not.toContain(value);
    }
    expect(show.payload.name).toMatch(/^redacted:[0-9a-f]{32}$/);
    expect(show.metadata.clientIp).toMatch(/^redacted:[0-9a-f]{32}$/);
    // What is not personal stays readable.
    expect(show.payload.uid).toBe(uids[0]);
  });

  it('replaces each personal value by a salted hash that is equal for equal values, so the auditor can still compare them', async () => {
    const { exported } = await views('auditor');
    const registrations = exported
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .filter((e) => e.type === 'MemberRegistered' && uids.includes(e.payload.uid));
    expect(registrations).toHaveLength(2);
    const [priya, ravi] = registrations;
    expect(priya.payload.city).toMatch(/^redacted:[0-9a-f]{32}$/);
    expect(priya.payload.city).toBe(ravi.payload.city); // same city, same token
    expect(priya.metadata.clientIp).toBe(ravi.metadata.clientIp); // same address, same token
    expect(priya.payload.email).not.toBe(ravi.payload.email);
    expect(priya.payload.city).not.toBe(priya.payload.name);
    // Salted: not the plain, guessable sha256 of the value.
    expect(priya.payload.city).not.toContain(createHash('sha256').update('Kolhapur').digest('hex').slice(0, 32));
  });

  it("cannot be reversed offline: no address of the login's /16 reproduces the content hash or hash the auditor gets (decision 0015, the nonce)", async () => {
    const ip = '10.77.123.45';
    await request(server())
      .post('/api/login')
      .set('X-Forwarded-For', ip)
      .send({ uid: uids[0], password: PASSWORD })
      .expect(200);
    const [stored] = await t.db.owner.query<{ ip: string }>(
      "select metadata->>'clientIp' as ip from events where stream_id = $1 and type = 'MemberLoggedIn' order by stream_version desc limit 1",
      [`member-${uids[0]}`],
    );
    expect(stored.ip).toBe(ip);
    const { exported } = await views('auditor');
    const stream = exported
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .filter((e) => e.streamId === `member-${uids[0]}`);
    const login = stream.filter((e) => e.type === 'MemberLoggedIn').at(-1);
    const before = stream.find((e) => e.streamVersion === login.streamVersion - 1);
    expect(login.redacted).toBe(true);
    expect(login.metadata.nonce).toBeUndefined(); // hidden on a redacted line
    expect(login.contentHash).toMatch(/^[0-9a-f]{64}$/);
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    const recovered: string[] = [];
    for (let c = 0; c < 256; c++)
      for (let d = 0; d < 256; d++) {
        const guess = `10.77.${c}.${d}`;
        const metadata = {
          ...login.metadata,
          clientIp: guess,
          ...(login.metadata.clientIpHint === undefined ? {} : { clientIpHint: guess }),
        };
        const content = contentHash({ ...login, metadata });
        if (content === login.contentHash || sha(`${before.hash}\n${content}`) === login.hash) recovered.push(guess);
      }
    expect(recovered).toEqual([]);
  });

  it('still lets the superadmin read every personal value', async () => {
    const { list, show, exported } = await views('superadmin');
    for (const value of Object.values(PRIYA)) expect(JSON.stringify(list)).toContain(value);
    expect(show.payload.email).toBe(PRIYA.email);
    for (const value of personal()) expect(exported).toContain(value);
  });

  it("keeps the auditor's redacted export checkable with docs/ledger-format.md's own snippet, which still names an altered line", async () => {
    const { exported } = await views('auditor');
    const dir = mkdtempSync(join(tmpdir(), 'sahyog-redacted-'));
    try {
      const file = join(dir, 'ledger.ndjson');
      writeFileSync(file, exported);
      const doc = readFileSync(join(__dirname, '..', 'docs', 'ledger-format.md'), 'utf8');
      const snippet = doc
        .slice(doc.indexOf('## Checking an export yourself'))
        .match(/```js\n([\s\S]*?)```/)?.[1] as string;
      const check = () => execFileSync(process.execPath, ['-e', snippet], { cwd: dir, encoding: 'utf8' });
      expect(check()).toBe('');
      const lines = exported.trim().split('\n');
      // An event without personal data is checked byte for byte: one altered fact is named.
      const plainIndex = lines.findIndex(
        (line) => line.includes('"type":"AdminUserCreated"') && line.includes('"username":"auditor"'),
      );
      const plain = JSON.parse(lines[plainIndex]);
      plain.payload.role = 'superadmin';
      // A redacted event is checked through the content hash it carries: a different one breaks its chain.
      const redactedIndex = lines.findIndex(
        (line) => line.includes('"type":"MemberRegistered"') && line.includes(uids[1]),
      );
      const redacted = JSON.parse(lines[redactedIndex]);
      redacted.contentHash = 'a'.repeat(64);
      lines[plainIndex] = JSON.stringify(plain);
      lines[redactedIndex] = JSON.stringify(redacted);
      writeFileSync(file, lines.join('\n') + '\n');
      const output = check();
      expect(output).toContain(`bad event ${plain.position}`);
      expect(output).toContain(`bad event ${redacted.position}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
