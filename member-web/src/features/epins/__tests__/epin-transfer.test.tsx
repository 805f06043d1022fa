import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, mockApi, type FakeReply } from '../../../testing/mock-api';
import { expectFieldError } from '../../../testing/form-errors';
import { renderApp, signInMember } from '../../../testing/render-app';

const FOUND = { result: 'Sponsor Id exists', name: 'Ravi Kumar', top_up: 'Active' };
const MISSING = { result: 'Sponsor Id doesnot exists !!', name: '', top_up: '' };

function pin(n: number, epintype: string) {
  return {
    row: n,
    pin_owner: '482913',
    pinamnt: '',
    pin: `PIN${n}`,
    dd: '2026-11-05T09:30:00.000Z',
    ss: 'Unused',
    epintype,
  };
}
const STOCK = [pin(1, 'EpintypeB'), pin(2, 'EpintypeB'), pin(3, 'EpintypeB'), pin(4, 'EpintypeA')];

function stubs(
  overrides: Record<
    string,
    FakeReply | ((call: { params: Record<string, unknown>; body: unknown }) => FakeReply | Promise<FakeReply>)
  > = {},
) {
  return mockApi({
    'POST /ActivationHistory': { data: [STOCK] },
    'GET /check_sponsorid': (call) => ({ data: call.params.uid === '517204' ? FOUND : MISSING }),
    ...overrides,
  });
}

describe('Epin Transfer', () => {
  it('proves the available quantity counts unused e-pins of the chosen type (299 = EpintypeB by default, 1000 = EpintypeA)', async () => {
    signInMember();
    stubs();
    const user = userEvent.setup({ delay: null });
    renderApp('/EpinTransfer');
    await waitFor(() => expect(screen.getByTestId('available-quantity')).toHaveTextContent('3'));
    const type = screen.getByLabelText('Epin Type');
    expect(type).toHaveValue('EpintypeB');
    expect(screen.getByRole('option', { name: '299' })).toHaveValue('EpintypeB');
    await user.selectOptions(type, '1000');
    expect(type).toHaveValue('EpintypeA');
    expect(screen.getByTestId('available-quantity')).toHaveTextContent('1');
  });

  it('proves the client checks run in order: Enter Epin Quantity, then Enter User Id !!, with nothing sent', async () => {
    signInMember();
    const api = stubs();
    const user = userEvent.setup({ delay: null });
    renderApp('/EpinTransfer');
    await waitFor(() => expect(screen.getByTestId('available-quantity')).toHaveTextContent('3'));

    // Both empty: the quantity message comes first.
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    await expectFieldError('Epin Quantity', 'Enter Epin Quantity');
    expect(screen.queryByText('Enter User Id !!')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Epin Quantity'), '2');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    await expectFieldError('Receiver User Id', 'Enter User Id !!');
    expect(api.callsTo('POST /EpinTransfer')).toHaveLength(0);
  });

  it('proves the inputs take digits only (quantity max 5, user id max 6)', async () => {
    signInMember();
    stubs();
    const user = userEvent.setup({ delay: null });
    renderApp('/EpinTransfer');
    await user.type(screen.getByLabelText('Epin Quantity'), 'a1b2345678');
    expect(screen.getByLabelText('Epin Quantity')).toHaveValue('12345');
    await user.type(screen.getByLabelText('Receiver User Id'), 'x51720499');
    expect(screen.getByLabelText('Receiver User Id')).toHaveValue('517204');
    // What was not taken is said, not dropped silently (issue 20).
    expect(screen.getByText('At most 6 characters: that was not taken')).toBeInTheDocument();
  });

  it('proves the receiver name is looked up while typing: a name when found, Invalid User Id !! when not', async () => {
    signInMember();
    const api = stubs();
    const user = userEvent.setup({ delay: null });
    renderApp('/EpinTransfer');
    const name = screen.getByLabelText('Receiver Name');
    expect(name).toHaveAttribute('readonly');
    await user.type(screen.getByLabelText('Receiver User Id'), '517204');
    await waitFor(() => expect(name).toHaveValue('Ravi Kumar'));
    expect(api.callsTo('GET /check_sponsorid').at(-1)?.params).toEqual({ uid: '517204' });

    await user.clear(screen.getByLabelText('Receiver User Id'));
    await user.type(screen.getByLabelText('Receiver User Id'), '999999');
    await waitFor(() => expect(name).toHaveValue('Invalid User Id !!'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });

  it("proves a transfer sends {uid, qty, touid, epintype}, reads 'Processing..' while busy, and on 'Success' toasts and reloads the stock", async () => {
    signInMember();
    const reply = deferred<FakeReply>();
    const api = stubs({ 'POST /EpinTransfer': () => reply.promise });
    const user = userEvent.setup({ delay: null });
    renderApp('/EpinTransfer');
    await waitFor(() => expect(screen.getByTestId('available-quantity')).toHaveTextContent('3'));
    await user.type(screen.getByLabelText('Epin Quantity'), '2');
    await user.type(screen.getByLabelText('Receiver User Id'), '517204');
    // As the member does: the receiver's name is read before the tap (the sheet names whom it goes to).
    await waitFor(() => expect(screen.getByLabelText('Receiver Name')).toHaveValue('Ravi Kumar'));
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    // Issue 20: nothing is sent before a confirmation naming quantity, value and receiver.
    const sheet = await screen.findByRole('dialog', { name: 'Confirm e-pin transfer' });
    expect(within(sheet).getByTestId('confirm-quantity')).toHaveTextContent('2 × 299');
    expect(within(sheet).getByTestId('confirm-amount')).toHaveTextContent('₹598.00');
    expect(within(sheet).getByTestId('confirm-receiver')).toHaveTextContent('Ravi Kumar (517204)');
    expect(api.callsTo('POST /EpinTransfer')).toHaveLength(0);
    await user.click(within(sheet).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('button', { name: 'Processing..' })).toBeDisabled();
    expect(api.callsTo('POST /EpinTransfer')[0]?.body).toEqual({
      uid: '482913',
      qty: '2',
      touid: '517204',
      epintype: 'EpintypeB',
    });
    reply.resolve({ data: 'Success' });

    expect(await screen.findByText('Success')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST /ActivationHistory')).toHaveLength(2));
    expect(await screen.findByRole('button', { name: 'Transfer' })).toBeEnabled(); // the label returns after the call's finally
    expect(screen.getByLabelText('Epin Quantity')).toHaveValue('');
  });

  it('proves any other answer text is an error toast and the stock is not reloaded', async () => {
    signInMember();
    const api = stubs({ 'POST /EpinTransfer': { data: 'Insufficient Epin !!' } });
    const user = userEvent.setup({ delay: null });
    renderApp('/EpinTransfer');
    await waitFor(() => expect(screen.getByTestId('available-quantity')).toHaveTextContent('3'));
    await user.type(screen.getByLabelText('Epin Quantity'), '9');
    await user.type(screen.getByLabelText('Receiver User Id'), '517204');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Insufficient Epin !!')).toBeInTheDocument();
    expect(api.callsTo('POST /ActivationHistory')).toHaveLength(1);
  });
});
