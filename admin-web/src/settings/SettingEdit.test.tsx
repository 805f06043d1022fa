import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';
import { saveSession } from '../session';
import { emptyLists, jsonResponse, mockFetch, type RecordedCall } from '../test/fetchMock';

afterEach(() => vi.unstubAllGlobals());

const DEFAULT_LEVELS_BP = [1000, 500, 300, 200, 200, 100, 100, 100, 100, 100, 50, 50, 50, 50, 50];

const SETTINGS: Record<string, unknown> = {
  epinPricesPaise: { EpintypeA: '100000', EpintypeB: '29900' },
  epinDiscountTiers: [{ minQty: 10, rateBp: 250 }],
  usdtRateInr: '90',
  levelIncomeRatesBp: DEFAULT_LEVELS_BP,
  matchingIntervalMinutes: 5,
  withdrawalMinRupees: 100,
  helpAutoApprove: false,
};

/** GET settings/:key answers the stored row; PUT answers what the API answers ({id, key, value}). */
const settingsApi = (call: RecordedCall) => {
  const match = /^\/admin-api\/settings\/(\w+)$/.exec(call.url);
  if (!match) return undefined;
  const key = match[1];
  if (call.method === 'PUT') return jsonResponse({ id: key, key, value: (call.body as { value: unknown }).value });
  return jsonResponse({ id: key, key, value: SETTINGS[key], default: SETTINGS[key] });
};

function editSetting(key: string) {
  saveSession({ token: 'jwt-root', username: 'root', role: 'superadmin' });
  const mocked = mockFetch(settingsApi, emptyLists);
  window.location.hash = `#/settings/${key}`;
  render(<App />);
  return mocked;
}

async function retype(label: string | RegExp, text: string) {
  const input = await screen.findByRole('textbox', { name: label });
  await userEvent.clear(input);
  await userEvent.type(input, text);
}

const putsOf = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'PUT');

describe('SettingEdit', () => {
  it('sends the level income rates as basis points typed as percents', async () => {
    // Proves: percents on the form become whole basis points (12.5 → 1250, 0.5 → 50) in a PUT of exactly {value}.
    const { calls } = editSetting('levelIncomeRatesBp');

    expect(await screen.findByTestId('setting-applies-from-now')).toHaveTextContent('applies from then on');
    expect(await screen.findByRole('textbox', { name: 'Level 1 (%)' })).toHaveValue('10');
    expect(screen.getByRole('textbox', { name: 'Level 11 (%)' })).toHaveValue('0.5');
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    await retype('Level 1 (%)', '12.5');
    await retype('Level 2 (%)', '0.05');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(putsOf(calls)).toHaveLength(1));
    const [put] = putsOf(calls);
    expect(put.url).toBe('/admin-api/settings/levelIncomeRatesBp');
    expect(put.body).toEqual({ value: [1250, 5, ...DEFAULT_LEVELS_BP.slice(2)] });
    expect(put.headers.get('Authorization')).toBe('Bearer jwt-root');
  });

  it('refuses a level rate with three decimals or a total above 100 %', async () => {
    // Proves: "0.005" % and a sum over 100 % are stopped on the form, before any PUT.
    const { calls } = editSetting('levelIncomeRatesBp');

    await retype('Level 3 (%)', '0.005');
    await retype('Level 1 (%)', '95');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Enter a percent from 0 to 100 with at most 2 decimals')).toBeInTheDocument();
    // 95 + 5 + (0.005 counts as 0) + 2 + 2 + 5 × 1 + 5 × 0.5 = 111.5
    expect(await screen.findByText('The 15 level rates add up to 111.5 %, more than 100 %')).toBeInTheDocument();
    expect(putsOf(calls)).toHaveLength(0);
  });

  it('sends e-pin prices typed in rupees as paise text', async () => {
    // Proves: rupees on the form become exact paise text ("299.50" → "29950") and untouched prices stay as stored.
    const { calls } = editSetting('epinPricesPaise');

    expect(await screen.findByRole('textbox', { name: /₹1000 \(EpintypeA\) price/ })).toHaveValue('1000');
    await retype(/₹299 \(EpintypeB\) price/, '299.50');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(putsOf(calls)).toHaveLength(1));
    expect(putsOf(calls)[0].body).toEqual({ value: { EpintypeA: '100000', EpintypeB: '29950' } });
  });

  it('sends discount tiers with their rates in basis points', async () => {
    // Proves: a tier's discount typed as a percent is sent as rateBp next to its whole minimum quantity.
    const { calls } = editSetting('epinDiscountTiers');

    expect(await screen.findByRole('textbox', { name: 'Discount (%)' })).toHaveValue('2.5');
    await retype('Discount (%)', '3.75');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(putsOf(calls)).toHaveLength(1));
    expect(putsOf(calls)[0].body).toEqual({ value: [{ minQty: 10, rateBp: 375 }] });
  });

  it('sends the USDT rate as rupees text and refuses a third decimal', async () => {
    // Proves: the USDT rate stays the typed decimal text ("88.50"), and "88.505" is stopped on the form.
    const { calls } = editSetting('usdtRateInr');

    expect(await screen.findByRole('textbox', { name: /Rupees per USDT/ })).toHaveValue('90');
    await retype(/Rupees per USDT/, '88.505');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter rupees per USDT, 1 to 999999, at most 2 decimals')).toBeInTheDocument();
    expect(putsOf(calls)).toHaveLength(0);

    await retype(/Rupees per USDT/, '88.50');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(putsOf(calls)).toHaveLength(1));
    expect(putsOf(calls)[0].body).toEqual({ value: '88.50' });
  });

  it('sends a help-circle number as a whole number and refuses one outside the API bounds', async () => {
    // Proves: the matching interval has an input (labelled with its unit); 0 and 1441 are stopped on the form, 1440 is sent as the number 1440.
    const { calls } = editSetting('matchingIntervalMinutes');

    expect(await screen.findByRole('textbox', { name: 'Minutes' })).toHaveValue('5');
    await retype('Minutes', '1441');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number from 1 to 1440')).toBeInTheDocument();
    await retype('Minutes', '7.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a whole number from 1 to 1440')).toBeInTheDocument();
    expect(putsOf(calls)).toHaveLength(0);

    await retype('Minutes', '1440');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(putsOf(calls)).toHaveLength(1));
    expect(putsOf(calls)[0]).toMatchObject({
      url: '/admin-api/settings/matchingIntervalMinutes',
      body: { value: 1440 },
    });
  });

  it('sends the smallest withdrawal in whole rupees', async () => {
    const { calls } = editSetting('withdrawalMinRupees');

    await retype('Rupees (₹)', '250');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(putsOf(calls)).toHaveLength(1));
    expect(putsOf(calls)[0].body).toEqual({ value: 250 });
  });

  it('switches automatic approval of help requests on as a boolean', async () => {
    // Proves: helpAutoApprove is a switch, off as stored, sent as {value: true} once switched on.
    const { calls } = editSetting('helpAutoApprove');

    const on = await screen.findByRole('switch', { name: 'On' });
    expect(on).not.toBeChecked();
    await userEvent.click(on);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(putsOf(calls)).toHaveLength(1));
    expect(putsOf(calls)[0].body).toEqual({ value: true });
  });
});
