/**
 * Browser e2e of issue 20 §9 and §10 (runs after help-circle, by file name, on what it left):
 *  - member-web's dashboard at 390×844: with a GH link its payer has marked Paid, the first screen,
 *    without scrolling, shows status, net balance and that link to confirm, one tap from its detail
 *    (where the member confirms it, leaving the help circle settled);
 *  - admin-web's To do home: each count is the total of the list it opens, filtered the same way;
 *  - every admin list at 1,280 px without sideways scrolling.
 * Set-up goes through the API (the flows themselves are help-circle's subject): A (100002) still has
 * a PH entry in the queue; B (100003) withdraws the minimum, the approver approves it and runs
 * matching, A pays the link with a UTR; A raises a support ticket (an open ticket for To do).
 */
import {
  BASE_URL,
  adminApi,
  adminApiApproved,
  adminLogin,
  adminToken,
  expectToast,
  memberApi,
  memberLogin,
  openSession,
  step,
  type Session,
} from './support';

jest.setTimeout(240_000);

const A = '100002';
const B = '100003';
const APPROVER = { username: 'approver', password: 'Admin@123' };
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 900 };

/** Every admin list a superadmin has (src/resources.ts). */
const ADMIN_LISTS = [
  'members',
  'events',
  'four-eyes',
  'epins',
  'epin-requests',
  'payment-orders',
  'payment-options',
  'help-requests',
  'queue-entries',
  'help-links',
  'withdrawals',
  'flagged-utrs',
  'tickets',
  'news',
  'level-income',
  'settings',
  'payment-double',
  'queues',
  'failed-jobs',
  'mails',
  'admin-users',
];

/** The To do cards: the list each opens and its filter (admin-web/src/todo/TodoPage.tsx). */
const TODO: Array<[string, Record<string, string>]> = [
  ['epin-requests', { status: 'Pending' }],
  ['help-requests', { status: 'awaiting-approval' }],
  ['withdrawals', { status: 'Requested' }],
  ['help-links', { state: 'Disputed' }],
  ['tickets', { status: 'open' }],
  ['four-eyes', { status: 'Pending' }],
];

type Row = { id: string };

/** A list's total as the API counts it (Content-Range), with the filter the To do card uses. */
async function listTotal(token: string, resource: string, filter: Record<string, string>): Promise<number> {
  const query = new URLSearchParams({ filter: JSON.stringify(filter), range: '[0,0]' });
  const response = await fetch(`${BASE_URL}/admin-api/${resource}?${query.toString()}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`${resource}: HTTP ${response.status} ${await response.text()}`);
  const range = response.headers.get('content-range') ?? '';
  const total = Number(/\/(\d+)$/.exec(range)?.[1]);
  if (!Number.isInteger(total)) throw new Error(`${resource}: no total in Content-Range "${range}"`);
  return total;
}

describe('issue 20 §9–10: the dashboard around what needs doing, admin To do, lists at 1,280 px', () => {
  let member: Session;
  let admin: Session;
  let linkId = '';

  beforeAll(async () => {
    [member, admin] = await Promise.all([openSession(), openSession()]);
    for (const s of [member, admin]) s.context.setDefaultTimeout(30_000);
    member.page.on('dialog', (d) => void d.accept());

    // A ticket waits for support (To do counts open tickets).
    await memberApi(A, 'Helpdesk_By_User', { uid: A, query: 'Whom do I pay first?' });
    // A Paid GH link for B to confirm: the one a earlier run left, or B withdraws the minimum, the
    // approver approves it and runs matching (A's PH entry still waits), and A pays with a UTR.
    const [open] = await memberApi<Array<Array<{ id: string; sidapprovest: string }>>>(B, 'GhList', { uid: B });
    const waiting = open.find((l) => l.sidapprovest === 'Paid');
    if (waiting) {
      linkId = waiting.id;
      return;
    }
    const answer = await memberApi<{ result: string }>(B, 'Withdrawal', { uid: B, Request_amount: '100' });
    if (answer.result !== 'Done') throw new Error(`B's withdrawal: ${JSON.stringify(answer)}`);
    const approver = await adminToken(APPROVER);
    const filter = encodeURIComponent(JSON.stringify({ status: 'Requested', member: B }));
    const [first] = await adminApi<Row[]>(approver, 'GET', `/withdrawals?filter=${filter}`);
    if (!first) throw new Error('no withdrawal of B to approve');
    await adminApiApproved(approver, 'POST', `/withdrawals/${first.id}/approve`);
    await adminApi(approver, 'POST', '/matching/run');
    const [links] = await memberApi<Array<Array<{ id: string; uid: string; paidst: string }>>>(A, 'PhList', { uid: A });
    const link = links.find((l) => l.uid === B && l.paidst === 'Pending');
    if (!link) throw new Error(`no pending link from A to B: ${JSON.stringify(links)}`);
    linkId = link.id;
    const paid = await memberApi<string>(A, 'UpdatePhUser', { uid: A, rowid: linkId, utrno: `UTR${Date.now()}` });
    if (paid !== 'Payment Paid Successfully.') throw new Error(`A's payment: ${JSON.stringify(paid)}`);
  });
  afterAll(async () => {
    await Promise.all([member?.close(), admin?.close()]);
  });

  it('shows B, at 390×844 and without scrolling, status, net balance and the GH link to confirm, one tap from its detail', async () => {
    const { page } = member;
    await page.setViewportSize(PHONE);
    await step(member, 'dashboard-first-screen', async () => {
      await memberLogin(page, B);
      await page.getByTestId('net-balance').filter({ hasText: '₹' }).waitFor();
      const confirm = page.getByRole('link', { name: `Confirm order ${linkId}` });
      await confirm.waitFor();
      expect((await page.evaluate('window.scrollY')) as number).toBe(0);
      const row = page.getByTestId('needs-confirm').filter({ has: confirm });
      const boxes = {
        status: await page.getByTestId('member-status').boundingBox(),
        balance: await page.getByTestId('net-balance').boundingBox(),
        link: await row.boundingBox(),
      };
      for (const [what, box] of Object.entries(boxes))
        if (!box || box.y < 0 || box.y + box.height > PHONE.height || box.x < 0 || box.x + box.width > PHONE.width)
          throw new Error(`${what} is not on the first screen: ${JSON.stringify(box)}`);
      expect((await page.evaluate('document.scrollingElement.scrollWidth')) as number).toBeLessThanOrEqual(PHONE.width);
    });

    await step(member, 'dashboard-one-tap-to-confirm', async () => {
      await page.getByRole('link', { name: `Confirm order ${linkId}` }).click();
      await page.waitForURL(new RegExp(`/GHRecivePaymentId/${linkId}$`));
      await page.getByTestId('order-id').filter({ hasText: linkId }).waitFor();
      await page.getByRole('button', { name: 'Update' }).click();
      await expectToast(page, 'Payment Received Successfully.');
      await page.waitForURL(/\/dashboard$/);
      // Confirmed: the panel, once it has read the links again, no longer asks for it.
      await page.getByTestId('gh-logs-empty').or(page.getByRole('article').first()).waitFor();
      expect(await page.getByRole('link', { name: `Confirm order ${linkId}` }).count()).toBe(0);
    });
  });

  it('shows the approver To do with each count equal to its filtered list, and a card opens that list', async () => {
    const { page } = admin;
    await page.setViewportSize(DESK);
    const token = await adminToken(APPROVER);
    await step(admin, 'todo-counts', async () => {
      await adminLogin(page, APPROVER);
      await page.getByRole('heading', { name: 'To do', level: 1 }).waitFor();
      for (const [resource, filter] of TODO) {
        const count = page.getByTestId(`todo-count-${resource}`);
        await count.filter({ hasText: /^\d+$/ }).waitFor();
        expect([resource, Number((await count.innerText()).trim())]).toEqual([
          resource,
          await listTotal(token, resource, filter),
        ]);
      }
      // A's ticket waits.
      expect(Number(await page.getByTestId('todo-count-tickets').innerText())).toBeGreaterThanOrEqual(1);
    });
    await step(admin, 'todo-opens-list', async () => {
      await page.getByTestId('todo-tickets').click();
      await page.waitForURL(/#\/tickets\?/);
      const hash = decodeURIComponent(new URL(page.url()).hash);
      expect(hash).toContain('"status":"open"');
      await page.locator('table tbody tr').first().waitFor();
      const rows = await page.locator('table tbody tr').count();
      expect(rows).toBe(Math.min(25, await listTotal(token, 'tickets', { status: 'open' })));
    });
  });

  it('fits every admin list at 1,280 px: no sideways scrolling of the page or of a table', async () => {
    // A browser of its own, signed in as the superadmin (who has every list).
    const superadmin = await openSession();
    superadmin.context.setDefaultTimeout(30_000);
    const { page } = superadmin;
    await page.setViewportSize(DESK);
    await step(superadmin, 'lists-at-1280', async () => {
      await adminLogin(page);
      const wide: string[] = [];
      for (const resource of ADMIN_LISTS) {
        await page.goto(`/admin/#/${resource}`);
        // Rows, the list's toolbar, or react-admin's empty state (a list with nothing in it yet, e.g.
        // mails before the worker has queued any: its page must fit too).
        await page.locator('table tbody tr, .RaList-main .MuiToolbar-root, .RaEmpty-message').first().waitFor();
        await page.waitForTimeout(300);
        const seen = (await page.evaluate(`(() => {
          const root = document.scrollingElement || document.documentElement;
          const tables = [...document.querySelectorAll('table')].map((t) => ({
            right: Math.round(t.getBoundingClientRect().right),
            overflow: t.parentElement ? t.parentElement.scrollWidth - t.parentElement.clientWidth : 0,
          }));
          return { page: root.scrollWidth, tables };
        })()`)) as { page: number; tables: Array<{ right: number; overflow: number }> };
        if (seen.page > DESK.width || seen.tables.some((t) => t.right > DESK.width || t.overflow > 0))
          wide.push(`${resource}: ${JSON.stringify(seen)}`);
      }
      expect(wide).toEqual([]);
    }).finally(() => superadmin.close());
  });
});
