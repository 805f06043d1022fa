import { ALL_PROJECTIONS } from '../modules/projections';
import 'reflect-metadata';
import { INestApplicationContext, Module } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { NestFactory } from '@nestjs/core';
import {
  IdentityModule,
  CreateAdminUserCommand,
  RegisterMemberCommand,
  ADMIN_ROLES,
  adminPasswordProblem,
  hashPassword,
} from '../modules/identity';
import { EpinsModule, IssueEpinsCommand, TopUpMemberCommand, type EpinType } from '../modules/epins';
import { PaymentOptionsService, PaymentsModule } from '../modules/payments';
import { toDataURL } from 'qrcode';
import { randomInt } from 'node:crypto';
import { Database } from '../platform/db/database';
import { EventMetadata } from '../platform/event-store/event.types';
import { Ledger } from '../platform/ledger';
import { PlatformModule } from '../platform/platform.module';
import { appendRootMember } from './root-member';

export const ROOT_UID = '100000';
export const DEMO_MEMBER_PASSWORD = 'Member@123';
export const DEMO_ADMIN_PASSWORD = 'Admin@123';

/** 3 directs under the root, 3 under each of those, 2 under each of the 9: 30 members on levels 1–3 below the root. */
const DEMO_NAMES = [
  'Asha Rao',
  'Vikram Patil',
  'Meera Joshi',
  'Rahul Deshmukh',
  'Sneha Kulkarni',
  'Arjun Pawar',
  'Kavita Shinde',
  'Nikhil Jadhav',
  'Pooja More',
  'Sanjay Gaikwad',
  'Anita Chavan',
  'Rohan Bhosale',
  'Deepa Naik',
  'Amit Kale',
  'Priya Salunkhe',
  'Suresh Mane',
  'Lata Shirke',
  'Ganesh Thorat',
  'Neha Pandit',
  'Kiran Sawant',
  'Manoj Ghule',
  'Swati Lokhande',
  'Ajay Wagh',
  'Rekha Dhole',
  'Vijay Mohite',
  'Sunita Kadam',
  'Prakash Nikam',
  'Usha Bhagat',
  'Dinesh Khot',
  'Madhuri Sathe',
];

const system = (id: string): EventMetadata => ({ actor: { kind: 'system', id }, correlationId: `seed-${Date.now()}` });

@Module({ imports: [PlatformModule.forRoot(ALL_PROJECTIONS), IdentityModule, EpinsModule, PaymentsModule] })
export class SeedModule {}

/**
 * Writes the root member when missing, with `password`; `oneTime` makes it a password to change at
 * first login (production bootstrap). Whether it was written.
 */
async function ensureRoot(ledger: Ledger, db: Database, password: string, oneTime: boolean): Promise<boolean> {
  if ((await db.query('select 1 from members where uid = $1', [ROOT_UID])).length) return false;
  const hash = await hashPassword(password);
  await ledger.run(system('seed-root'), (tx) =>
    appendRootMember(tx, { uid: ROOT_UID, email: 'root@sahyog.local', passwordHash: hash, mustChange: oneTime }),
  );
  return true;
}

/** Letters and digits without the look-alikes (0/O, 1/l/I), so a printed password is read back right. */
const ONE_TIME_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
/** A member's password is 6–20 characters (spec §5), an admin's at least 12: 16 and 20 random characters (~94 and ~117 bits). */
const ROOT_ONE_TIME_LENGTH = 16;
const SUPERADMIN_ONE_TIME_LENGTH = 20;

/** A uniformly random password of `length` characters from ONE_TIME_ALPHABET, by the OS's CSPRNG. */
export function oneTimePassword(length: number): string {
  return Array.from({ length }, () => ONE_TIME_ALPHABET[randomInt(ONE_TIME_ALPHABET.length)]).join('');
}

/** The one-time passwords a production bootstrap set, for the accounts it created this time (shown once). */
export interface BootstrapPasswords {
  root?: string;
  superadmin?: string;
}

/**
 * The production bootstrap (`seed.js --bootstrap-only`): the root member 100000 and the superadmin,
 * each, when missing, with a fresh random one-time password that is printed once and stored only as
 * its hash, and that must be changed at first login (the credential event says `mustChange: true`,
 * decision 0032). An account already present is left as it is. SUPERADMIN_PASSWORD is no longer read.
 */
export async function runBootstrap(app: INestApplicationContext): Promise<BootstrapPasswords> {
  const ledger = app.get(Ledger);
  const db = app.get(Database);
  const passwords: BootstrapPasswords = {};
  const rootPassword = oneTimePassword(ROOT_ONE_TIME_LENGTH);
  if (await ensureRoot(ledger, db, rootPassword, true)) passwords.root = rootPassword;
  if (!(await db.query("select 1 from admin_users where username = 'superadmin'")).length) {
    let adminPassword = oneTimePassword(SUPERADMIN_ONE_TIME_LENGTH);
    while (adminPasswordProblem(adminPassword)) adminPassword = oneTimePassword(SUPERADMIN_ONE_TIME_LENGTH);
    await app.get(CommandBus).execute(
      new CreateAdminUserCommand('superadmin', adminPassword, 'superadmin', system('seed-bootstrap'), {
        mustChange: true,
      }),
    );
    passwords.superadmin = adminPassword;
  }
  return passwords;
}

/** What the bootstrap prints: each one-time password once, and what to do with it. */
export function bootstrapReport(passwords: BootstrapPasswords): string {
  const lines = ['root member 100000 and superadmin are in place'];
  if (!passwords.root && !passwords.superadmin) {
    lines.push('both already existed: no password was set or shown (their one-time passwords were shown when created)');
    return lines.join('\n');
  }
  lines.push(
    'One-time passwords, shown only this once (only their hashes are stored); each must be changed at first login:',
  );
  if (passwords.root) lines.push(`  member-web  user id 100000   one-time password: ${passwords.root}`);
  if (passwords.superadmin) lines.push(`  admin-web   user superadmin  one-time password: ${passwords.superadmin}`);
  lines.push(
    'Until changed, every call of these accounts but the password change answers 403 AUTH.PASSWORD_CHANGE_REQUIRED.',
  );
  lines.push(
    "The root member's transaction password starts as the same one-time password: change it too (Profile, Transaction password).",
  );
  return lines.join('\n');
}

async function seedDemo(commands: CommandBus, db: Database): Promise<boolean> {
  if ((await db.query("select 1 from members where uid = '100001'")).length) return false;
  const sponsorOf = (index: number): string => {
    if (index < 3) return ROOT_UID;
    if (index < 12) return String(100001 + Math.floor((index - 3) / 3));
    return String(100004 + Math.floor((index - 12) / 2));
  };
  for (const [index, name] of DEMO_NAMES.entries()) {
    const uid = String(100001 + index);
    const first = name.split(' ')[0].toLowerCase();
    const input = {
      sid: sponsorOf(index),
      name,
      email: `${first}.${uid}@demo.sahyog.local`,
      mobile: `98${uid}00`.slice(0, 10),
      countryid: '101',
      city: 'Nashik',
      state: 'Maharashtra',
      upinumber: `${first.slice(0, 6)}@upi`,
      password: DEMO_MEMBER_PASSWORD,
      walletAddress: '',
    };
    const result = await commands.execute(new RegisterMemberCommand(input, system('seed-demo'), undefined, uid));
    if (result.uid_output !== uid) throw new Error(`seeding ${uid} failed: ${result.result}`);
  }
  // One admin per role, and a second superadmin: four eyes (decision 0034) needs a second superadmin to
  // approve a setting change or a role grant, so the demo shows the whole flow.
  const demoAdmins: Array<[string, (typeof ADMIN_ROLES)[number]]> = [
    ...ADMIN_ROLES.map((role) => [role, role] as [string, (typeof ADMIN_ROLES)[number]]),
    [DEMO_SECOND_SUPERADMIN, 'superadmin'],
  ];
  for (const [username, role] of demoAdmins) {
    if ((await db.query('select 1 from admin_users where username = $1', [username])).length) continue;
    // The README's demo passwords are shorter than the admin policy allows: development only (decision 0032).
    await commands.execute(
      new CreateAdminUserCommand(username, DEMO_ADMIN_PASSWORD, role, system('seed-demo'), { policy: 'demo-seed' }),
    );
  }
  await seedActivations(commands);
  return true;
}

/** The demo's second superadmin: the checker of settings changes and role grants (four eyes, decision 0034). */
export const DEMO_SECOND_SUPERADMIN = 'superadmin2';

/** The demo member who can withdraw out of the box: its level income (₹389.70) is above the ₹100 minimum. */
export const DEMO_EARNER_UID = '100003';

/**
 * Levels 1 and 2 (100001–100012) are active: each sponsor buys e-pins (issued by the superadmin) and
 * activates its directs; level 1 gets e-pins for itself from the root's stock. The worker pays the
 * level income of these top-ups as soon as it runs. 100001–100003 keep five spare e-pins each.
 * 100003 (DEMO_EARNER_UID) also upgrades its three directs to the ₹1,000 package with three
 * EpintypeA e-pins: 3 × ₹29.90 + 3 × ₹100 = ₹389.70 of level-1 income, so the demo (and the browser
 * test of the help circle) has a member who can withdraw at the default minimum of ₹100.
 */
async function seedActivations(commands: CommandBus): Promise<void> {
  const admin: EventMetadata = { actor: { kind: 'admin', id: 'superadmin' }, correlationId: `seed-${Date.now()}` };
  const issue = (owner: string, quantity: number, type: EpinType = 'EpintypeB'): Promise<{ numbers: string[] }> =>
    commands.execute(new IssueEpinsCommand(owner, type, quantity, { kind: 'admin', ref: 'seed' }, admin));
  const activate = async (activator: string, member: string, epin: string) => {
    const { result } = await commands.execute(
      new TopUpMemberCommand(activator, member, epin, {
        actor: { kind: 'member', id: activator },
        correlationId: admin.correlationId,
      }),
    );
    if (!result.includes('Successfull')) throw new Error(`seeding the activation of ${member} failed: ${result}`);
  };
  for (const uid of ['100001', '100002', '100003']) {
    const { numbers } = await issue(uid, 9);
    await activate(uid, uid, numbers[0]);
    const directs = DEMO_NAMES.map((_, i) => String(100001 + i)).filter(
      (_, i) => i >= 3 && i < 12 && String(100001 + Math.floor((i - 3) / 3)) === uid,
    );
    for (const [k, direct] of directs.entries()) await activate(uid, direct, numbers[k + 1]);
    if (uid !== DEMO_EARNER_UID) continue;
    const upgrades = await issue(uid, directs.length, 'EpintypeA');
    for (const [k, direct] of directs.entries()) await activate(uid, direct, upgrades.numbers[k]);
  }
}

/**
 * The development demo (`npm run up`): the root member, the demo network and one admin per role,
 * with the README's demo passwords and no forced change. Returns whether the demo network was
 * written this time. `bootstrapOnly` runs the production bootstrap instead (runBootstrap), printing
 * its one-time passwords, and returns false.
 */
export async function runSeed(app: INestApplicationContext, options: { bootstrapOnly: boolean }): Promise<boolean> {
  if (options.bootstrapOnly) {
    console.log(bootstrapReport(await runBootstrap(app)));
    return false;
  }
  const db = app.get(Database);
  await ensureRoot(app.get(Ledger), db, DEMO_MEMBER_PASSWORD, false);
  const seeded = await seedDemo(app.get(CommandBus), db);
  if (seeded) await seedPaymentOptions(app.get(PaymentOptionsService));
  return seeded;
}

/** One bank account and one UPI QR for the demo's bank/QR e-pin requests (the QR is drawn locally). */
async function seedPaymentOptions(options: PaymentOptionsService): Promise<void> {
  const admin: EventMetadata = { actor: { kind: 'admin', id: 'superadmin' }, correlationId: `seed-${Date.now()}` };
  await options.create(
    {
      type: 'Bank',
      bankName: 'State Bank of India',
      holder: 'Sahyog Foundation',
      address: '30011223344',
      ifsc: 'SBIN0001234',
      branch: 'Nashik Main',
      imglink: '',
    },
    admin,
  );
  const imglink = await toDataURL('upi://pay?pa=sahyog@upi&pn=Sahyog%20Foundation&cu=INR', { margin: 1, width: 240 });
  await options.create(
    { type: 'QR', bankName: 'UPI', holder: 'Sahyog Foundation', address: 'sahyog@upi', ifsc: '', branch: '', imglink },
    admin,
  );
}

async function main(): Promise<void> {
  const bootstrapOnly = process.argv.includes('--bootstrap-only');
  const app = await NestFactory.createApplicationContext(SeedModule, { logger: ['error', 'warn'] });
  try {
    if (bootstrapOnly && process.env.SUPERADMIN_PASSWORD)
      console.warn(
        'SUPERADMIN_PASSWORD is no longer read: the bootstrap sets a random one-time password (decision 0032)',
      );
    const seeded = await runSeed(app, { bootstrapOnly });
    if (bootstrapOnly) return;
    console.log(seeded ? 'demo network seeded' : 'demo network already present: nothing written');
    console.log(`Demo logins
  member-web  user id 100000 (root) and 100001-100030, password ${DEMO_MEMBER_PASSWORD}
              (${DEMO_EARNER_UID} has ₹389.70 of level income to withdraw once the worker has paid it)
  admin-web   superadmin / ${DEMO_SECOND_SUPERADMIN} / approver / support / auditor, password ${DEMO_ADMIN_PASSWORD}
              (four eyes: a second admin approves what another asked for, e.g. ${DEMO_SECOND_SUPERADMIN} a superadmin's setting change)`);
  } finally {
    await app.close();
  }
}

if (require.main === module) {
  main().catch((error) => {
    console.error(`seed failed: ${error instanceof Error ? error.stack : error}`);
    process.exit(1);
  });
}
