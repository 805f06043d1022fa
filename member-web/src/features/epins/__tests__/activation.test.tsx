import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, mockApi, type FakeReply } from '../../../testing/mock-api';
import { expectFieldError } from '../../../testing/form-errors';
import { renderApp, signInMember } from '../../../testing/render-app';

const FOUND = { result: 'Sponsor Id exists', name: 'Meena Devi', top_up: 'Inactive' };
const MISSING = { result: 'Sponsor Id doesnot exists !!', name: '', top_up: '' };
const lookUp = (call: { params: Record<string, unknown> }) => ({
  data: call.params.uid === '603118' ? FOUND : MISSING,
});

/** Moves the fake clock, running the timers and the promises they start. */
async function tick(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('Activate/Upgrade', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('proves ?pin=&type= prefill the read-only Epin and the status Valid Epin', async () => {
    signInMember();
    const api = mockApi({ 'GET /check_sponsorid': lookUp });
    renderApp('/Activation?pin=K7M3QX9TRWAB&type=EpintypeB');
    expect(screen.getByRole('heading', { name: 'Activate/Upgrade' })).toBeInTheDocument();
    const epin = screen.getByLabelText('Epin');
    expect(epin).toHaveValue('K7M3QX9TRWAB');
    expect(epin).toHaveAttribute('readonly');
    expect(epin).toHaveAttribute('data-epintype', 'EpintypeB');
    expect(screen.getByLabelText('Epin Status')).toHaveValue('Valid Epin');
    expect(screen.getByLabelText('Epin Status')).toHaveAttribute('readonly');
    // With a pin in the address there is nothing to pick, so no list is loaded.
    expect(screen.queryByLabelText('Choose Epin')).not.toBeInTheDocument();
    expect(api.callsTo('POST /ActivationHistory')).toHaveLength(0);
  });

  it("proves the user name look-up: the name when found, 'Wrong User Id' when not, cleared when the id is emptied; digits only", async () => {
    signInMember();
    mockApi({ 'GET /check_sponsorid': lookUp });
    const user = userEvent.setup({ delay: null });
    renderApp('/Activation?pin=K7M3QX9TRWAB&type=EpintypeB');
    const userId = screen.getByLabelText('User Id');
    const name = screen.getByLabelText('User Name');
    await user.type(userId, 'ab603118');
    expect(userId).toHaveValue('603118');
    await waitFor(() => expect(name).toHaveValue('Meena Devi'));
    await user.clear(userId);
    expect(name).toHaveValue('');
    await user.type(userId, '111111');
    await waitFor(() => expect(name).toHaveValue('Wrong User Id'));
  });

  it('proves a member without an unused e-pin is offered the ways to get one (issue 20)', async () => {
    signInMember();
    mockApi({ 'GET /check_sponsorid': lookUp, 'POST /ActivationHistory': { data: [[]] } });
    renderApp('/Activation');
    const ways = await screen.findByRole('navigation', { name: 'Ways to get an e-pin' });
    const targets = Array.from(ways.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(targets).toEqual(['/FundRequestBank', '/GatewayFundRequest', '/OnlineFundRequest']);
    expect(ways).toHaveTextContent('ask your sponsor to transfer you an e-pin');
  });

  it("proves an empty epin stops with 'Epin is required' and sends nothing", async () => {
    signInMember();
    const api = mockApi({ 'GET /check_sponsorid': lookUp, 'POST /ActivationHistory': { data: [[]] } });
    const user = userEvent.setup({ delay: null });
    renderApp('/Activation');
    await user.type(screen.getByLabelText('User Id'), '603118');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    await expectFieldError('Choose Epin', 'Epin is required');
    expect(api.callsTo('POST /ActivateId')).toHaveLength(0);
  });

  it("proves success: POST /ActivateId {uid, touid, epin}, 'Processing..' while busy, the toast ' Activation Successfull', then /SubscriptionHistory after 1 s", async () => {
    signInMember();
    const reply = deferred<FakeReply>();
    const api = mockApi({
      'GET /check_sponsorid': lookUp,
      'POST /ActivateId': () => reply.promise,
      'POST /ActivationHistory': { data: [[]] },
    });
    const user = userEvent.setup({ delay: null });
    const app = renderApp('/Activation?pin=K7M3QX9TRWAB&type=EpintypeB');
    await user.type(screen.getByLabelText('User Id'), '603118');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByRole('button', { name: 'Processing..' })).toBeDisabled();
    expect(api.callsTo('POST /ActivateId')[0]?.body).toEqual({ uid: '482913', touid: '603118', epin: 'K7M3QX9TRWAB' });

    // The redirect waits a second after the answer: counted on the fake clock, since on a busy machine
    // the real one may pass a second before the toast is even drawn.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    reply.resolve({ data: { result: ' Activation Successfull' } });
    await tick(0);
    expect(screen.getByText('Activation Successfull')).toBeInTheDocument();
    await tick(999);
    expect(app.location().pathname).toBe('/Activation');
    await tick(1);
    expect(app.location().pathname).toBe('/SubscriptionHistory');
    vi.useRealTimers();
    expect(await screen.findByRole('heading', { name: 'Registration History' })).toBeInTheDocument();
  });

  it("proves ' Upgrade Successfull' also succeeds and any other text is an error toast that keeps the screen", async () => {
    signInMember();
    let answer = 'Epin already used';
    mockApi({
      'GET /check_sponsorid': lookUp,
      'POST /ActivateId': () => ({ data: { result: answer } }),
      'POST /ActivationHistory': { data: [[]] },
    });
    const user = userEvent.setup({ delay: null });
    const app = renderApp('/Activation?pin=K7M3QX9TRWAB&type=EpintypeA');
    await user.type(screen.getByLabelText('User Id'), '603118');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Epin already used')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Activate' })).toBeEnabled(); // the label returns after the call's finally
    expect(app.location().pathname).toBe('/Activation');

    answer = ' Upgrade Successfull';
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Upgrade Successfull')).toBeInTheDocument();
    await waitFor(() => expect(app.location().pathname).toBe('/SubscriptionHistory'));
  });

  it('proves that without ?pin= the caller picks one of their unused e-pins (type 2 list), which fills Epin and Valid Epin', async () => {
    signInMember();
    const api = mockApi({
      'GET /check_sponsorid': lookUp,
      'POST /ActivationHistory': {
        data: [
          [
            { row: 1, pin: 'K7M3QX9TRWAB', pinamnt: '299.00', ss: 'Unused', epintype: 'EpintypeB', dd: '' },
            { row: 2, pin: 'P2Z8LM4NBV7C', pinamnt: '1000.00', ss: 'Unused', epintype: 'EpintypeA', dd: '' },
          ],
        ],
      },
      'POST /ActivateId': { data: { result: ' Activation Successfull' } },
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/Activation');
    const picker = screen.getByLabelText('Choose Epin');
    await screen.findByRole('option', { name: 'P2Z8LM4NBV7C (1000)' });
    expect(screen.getByLabelText('Epin')).toHaveValue('');
    expect(screen.getByLabelText('Epin Status')).toHaveValue('');
    await user.selectOptions(picker, 'P2Z8LM4NBV7C');
    expect(screen.getByLabelText('Epin')).toHaveValue('P2Z8LM4NBV7C');
    expect(screen.getByLabelText('Epin')).toHaveAttribute('data-epintype', 'EpintypeA');
    expect(screen.getByLabelText('Epin Status')).toHaveValue('Valid Epin');
    await user.type(screen.getByLabelText('User Id'), '603118');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    await waitFor(() =>
      expect(api.callsTo('POST /ActivateId')[0]?.body).toEqual({
        uid: '482913',
        touid: '603118',
        epin: 'P2Z8LM4NBV7C',
      }),
    );
    expect((api.callsTo('POST /ActivationHistory')[0]?.body as { type: number }).type).toBe(2);
  });
});
