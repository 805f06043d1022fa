import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDate } from '../../../lib/format-date';
import { mockApi, type RecordedCall } from '../../../testing/mock-api';
import { renderApp, signInMember } from '../../../testing/render-app';
import { bodyRowsOf, headersOf } from '../../../testing/table';
import { mockViewportWidth } from '../../../testing/viewport';
import en from '../locales/en.json';
import hi from '../locales/hi.json';

const REG = '2026-11-03T06:30:00.000Z';
const member = (uid: string, name: string, extra: Record<string, unknown> = {}) => ({
  row: 1,
  uid,
  f_name: name,
  currentPackage: '0.00',
  totalPackage: '0.00',
  registrationDate: REG,
  activationDate: '',
  position: '0',
  Leveltype: 1,
  status: 'Inactive',
  mobile: '9876543210',
  email: `${uid}@example.com`,
  ...extra,
});
const RAVI = member('603118', 'Ravi Kumar', { status: 'Active', TotalTeam: '12', Activeteam: '5' });
const MEENA = member('711204', 'Meena Joshi', { Leveltype: 2, TotalTeam: '0', Activeteam: '0' });
const ARUN = member('815550', 'Arun Das', { Leveltype: 2 });

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe('My Team (/MyTeam)', () => {
  it('proves the columns S.No., User Id, Name, Reg., Mobile, the spec payload, and Load more from the server’s cursor', async () => {
    signInMember();
    const api = mockApi({
      'POST /DownlineReport': (call: RecordedCall) =>
        (call.body as { after?: string }).after
          ? { data: [[{ ...ARUN, row: 3 }], { total: '3', limit: 1000, next: null }] }
          : { data: [[RAVI, { ...MEENA, row: 2 }], { total: '3', limit: 1000, next: '2.711204.2' }] },
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/MyTeam');
    expect(await screen.findByText('Ravi Kumar')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My Team' })).toBeInTheDocument();
    expect(headersOf('My Team')).toEqual(['S.No.', 'User Id', 'Name', 'Reg.', 'Mobile']);
    expect(bodyRowsOf('My Team')).toEqual([
      ['1', '603118', 'Ravi Kumar', formatDate(REG), '9876543210'],
      ['2', '711204', 'Meena Joshi', formatDate(REG), '9876543210'],
    ]);
    expect(screen.getByTestId('team-loaded')).toHaveTextContent('2 of 3 members loaded');
    expect(api.callsTo('POST /DownlineReport')[0]?.body).toEqual({
      uid: '482913',
      fdate: '',
      tdate: '',
      status: '2',
      position: '0',
      lvl: '100',
      limit: 1000,
    });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(bodyRowsOf('My Team')).toHaveLength(3));
    expect(bodyRowsOf('My Team')[2]).toEqual(['3', '815550', 'Arun Das', formatDate(REG), '9876543210']);
    expect(api.callsTo('POST /DownlineReport')[1]?.body).toMatchObject({ after: '2.711204.2', lvl: '100' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByTestId('team-loaded')).toHaveTextContent('3 of 3 members loaded');
  });

  it('proves an empty team reads No Data Found, and the loading state shows while the call runs', async () => {
    signInMember();
    let answer: (value: { data: unknown }) => void = () => undefined;
    mockApi({ 'POST /DownlineReport': () => new Promise((resolve) => (answer = resolve)) });
    renderApp('/MyTeam');
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    answer({ data: [[], { total: '0', limit: 1000, next: null }] });
    expect(await screen.findByText('No Data Found')).toBeInTheDocument();
  });

  it('proves the tree view: the member and levels 1–3 with id, name, status and team size; a deeper member expands on demand', async () => {
    signInMember();
    const node = (uid: string, name: string, level: number, parent: string, team: string, directs: string) => ({
      uid,
      f_name: name,
      status: level === 1 ? 'Active' : 'Inactive',
      level,
      parent,
      team,
      directs,
    });
    const api = mockApi({
      'POST /DownlineReport': { data: [[], { total: '0', limit: 1000, next: null }] },
      'POST /TeamTree': (call: RecordedCall) =>
        (call.body as { root?: string }).root === '900003'
          ? {
              data: [
                [
                  node('900003', 'Level Three', 0, '900002', '1', '1'),
                  node('900004', 'Level Four', 1, '900003', '0', '0'),
                ],
                { root: '900003', depth: 3, limit: 500, next: null },
              ],
            }
          : {
              data: [
                [
                  node('482913', 'Asha Rao', 0, '', '4', '1'),
                  node('900001', 'Level One', 1, '482913', '3', '1'),
                  node('900002', 'Level Two', 2, '900001', '2', '1'),
                  node('900003', 'Level Three', 3, '900002', '1', '1'),
                ],
                { root: '482913', depth: 3, limit: 500, next: null },
              ],
            },
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/MyTeam');
    await user.click(await screen.findByRole('button', { name: 'Tree' }));
    const levelOne = await screen.findByTestId('tree-node-900001');
    expect(levelOne).toHaveTextContent('900001 · Level One');
    expect(levelOne).toHaveTextContent('Active');
    expect(levelOne).toHaveTextContent('team 3 members');
    expect(screen.getByTestId('tree-node-900003')).toHaveTextContent('team 1 member');
    expect(screen.queryByTestId('tree-node-900004')).not.toBeInTheDocument();
    expect(api.callsTo('POST /TeamTree')[0]?.body).toEqual({ depth: 3 });
    await user.click(screen.getByRole('button', { name: 'Show the team of 900003' }));
    expect(await screen.findByTestId('tree-node-900004')).toHaveTextContent('900004 · Level Four');
    expect(api.callsTo('POST /TeamTree')[1]?.body).toEqual({ root: '900003', depth: 3 });
    // A loaded branch folds and unfolds without another call.
    await user.click(screen.getByRole('button', { name: 'Hide the team of 900001' }));
    expect(screen.queryByTestId('tree-node-900002')).not.toBeInTheDocument();
    expect(api.callsTo('POST /TeamTree')).toHaveLength(2);
  });

  it('proves the phone layout at 390 px: one card per member, nothing to scroll sideways', async () => {
    restore = mockViewportWidth(390);
    signInMember();
    mockApi({ 'POST /DownlineReport': { data: [[RAVI], { total: '1', limit: 1000, next: null }] } });
    renderApp('/MyTeam');
    const [card, ...others] = await screen.findAllByTestId('card-row');
    expect(others).toHaveLength(0);
    expect(within(card as HTMLElement).getByText('603118')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('My Direct (/MyReferral)', () => {
  it('proves S.No., User Id, Name, Reg. Date, Mobile, Status (Active green), Total Team, Active team and the DirectReport call', async () => {
    signInMember();
    const api = mockApi({
      'POST /DirectReport': { data: [[RAVI, { ...MEENA, row: 2 }], { total: '2', limit: 1000, next: null }] },
    });
    renderApp('/MyReferral');
    expect(await screen.findByText('Ravi Kumar')).toBeInTheDocument();
    expect(headersOf('My Direct')).toEqual([
      'S.No.',
      'User Id',
      'Name',
      'Reg. Date',
      'Mobile',
      'Status',
      'Total Team',
      'Active team',
    ]);
    expect(bodyRowsOf('My Direct')).toEqual([
      ['1', '603118', 'Ravi Kumar', formatDate(REG), '9876543210', 'Active', '12', '5'],
      ['2', '711204', 'Meena Joshi', formatDate(REG), '9876543210', 'Inactive', '0', '0'],
    ]);
    expect(screen.getByText('Active')).toHaveStyle({ fontWeight: 700 });
    expect(api.callsTo('POST /DirectReport')[0]?.body).toEqual({
      uid: '482913',
      fdate: '',
      tdate: '',
      status: '2',
      position: '0',
      limit: 1000,
    });
  });
});

describe('Level team (/LevelDetails)', () => {
  it('proves the level dropdown (All Level, Level 1 … Level 15), S.No., User Id, Name, Level, Reg., and Search re-calling LevelDetails', async () => {
    signInMember();
    const api = mockApi({
      'POST /LevelDetails': (call: RecordedCall) =>
        (call.body as { leveltype: string }).leveltype === '2'
          ? { data: [[{ ...MEENA, sid: '603118' }], { total: '1', limit: 1000, next: null }] }
          : {
              data: [
                [
                  { ...RAVI, sid: '482913' },
                  { ...MEENA, row: 2, sid: '603118' },
                ],
                { total: '2', limit: 1000, next: null },
              ],
            },
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/LevelDetails');
    expect(await screen.findByText('Ravi Kumar')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My Team' })).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Level' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Level', ...Array.from({ length: 15 }, (_, i) => `Level ${i + 1}`)]);
    expect(headersOf('My Team')).toEqual(['S.No.', 'User Id', 'Name', 'Level', 'Reg.']);
    expect(bodyRowsOf('My Team')[1]).toEqual(['2', '711204', 'Meena Joshi', '2', formatDate(REG)]);
    expect(api.callsTo('POST /LevelDetails')[0]?.body).toEqual({
      uid: '482913',
      fdate: '',
      tdate: '',
      status: '2',
      leveltype: '0',
      limit: 1000,
    });
    await user.selectOptions(select, 'Level 2');
    // Choosing a level alone calls nothing; Search does.
    expect(api.callsTo('POST /LevelDetails')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(bodyRowsOf('My Team')).toHaveLength(1));
    expect(api.callsTo('POST /LevelDetails')[1]?.body).toMatchObject({ leveltype: '2' });
  });
});

describe('My Direct Members sample (/MyDirectList)', () => {
  it('proves the static sample: login, name, registration date, phone, and no call at all', async () => {
    signInMember();
    const api = mockApi({});
    renderApp('/MyDirectList');
    expect(await screen.findByTestId('static-note')).toBeInTheDocument();
    expect(headersOf('My Direct Members')).toEqual(['S.No.', 'Login', 'Name', 'Registration Date', 'Phone']);
    expect(api.calls).toHaveLength(0);
  });
});

describe('team texts', () => {
  it('proves every English text has its Hindi translation', () => {
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
  });
});
