import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, mockApi, type FakeReply } from '../../../testing/mock-api';
import { expectFieldError } from '../../../testing/form-errors';
import { renderApp, signInMember } from '../../../testing/render-app';
import { bankDetails, BANK_OPTION, QR_OPTION } from './fixtures';

describe('Epin Request (bank/QR)', () => {
  it('proves the client checks run in the spec order (Payment Type, UTR, Quantity, Epin Type) with nothing sent', async () => {
    signInMember();
    const api = mockApi({ 'GET /adminBankDetailsByBankid': bankDetails, 'POST /FundRequestBank': { data: 'success' } });
    const user = userEvent.setup({ delay: null });
    renderApp('/FundRequestBank');
    await screen.findByRole('option', { name: 'State Bank of India (Bank)' });
    const request = screen.getByRole('button', { name: 'Request' });

    await user.click(request);
    // Each message in the toast and under its field.
    await expectFieldError('Payment Type', 'Please Select Payment Type');
    expect(screen.queryByText('UTR Number is required')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Payment Type'), BANK_OPTION.id);
    await user.click(request);
    await expectFieldError('UTR Number', 'UTR Number is required');
    expect(screen.queryByText('Enter Quantity !!')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('UTR Number'), 'UTR412345678901');
    await user.click(request);
    await expectFieldError('Quantity', 'Enter Quantity !!');
    expect(screen.queryByText('Enter Epin Type !!')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Quantity'), 'x12345678');
    expect(screen.getByLabelText('Quantity')).toHaveValue('12345');
    await user.click(request);
    await expectFieldError('Epin Type', 'Enter Epin Type !!');
    expect(api.callsTo('POST /FundRequestBank')).toHaveLength(0);
  });

  it('proves the option details and the quote come from the server, and success toasts then reloads the form after 1 s', async () => {
    signInMember();
    const api = mockApi({ 'GET /adminBankDetailsByBankid': bankDetails, 'POST /FundRequestBank': { data: 'success' } });
    const user = userEvent.setup({ delay: null });
    renderApp('/FundRequestBank');
    await screen.findByRole('option', { name: 'HDFC Bank (QR)' });

    // A QR option shows its QR image and UPI id; a bank option its account, holder, IFSC and branch.
    await user.selectOptions(screen.getByLabelText('Payment Type'), QR_OPTION.id);
    expect(await screen.findByRole('img', { name: 'Payment QR code' })).toHaveAttribute('src', QR_OPTION.imglink);
    expect(
      within(screen.getByRole('table', { name: 'Payment details' })).getByText('sahyog@hdfcbank'),
    ).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Payment Type'), BANK_OPTION.id);
    const details = await screen.findByRole('table', { name: 'Payment details' });
    await waitFor(() => expect(within(details).getByText('30012345678')).toBeInTheDocument());
    for (const value of ['Sahyog Foundation', 'SBIN0001234', 'Nashik Road'])
      expect(within(details).getByText(value)).toBeInTheDocument();
    expect(api.callsTo('GET /adminBankDetailsByBankid').at(-1)?.params).toMatchObject({
      type: '9',
      id: BANK_OPTION.id,
    });

    await user.type(screen.getByLabelText('UTR Number'), 'UTR412345678901');
    await user.type(screen.getByLabelText('Quantity'), '10');
    await user.selectOptions(screen.getByLabelText('Epin Type'), '299');
    await waitFor(() => expect(screen.getByLabelText('Net Amount')).toHaveValue('2915.25'));
    expect(screen.getByLabelText('Req. Amount')).toHaveValue('2990.00');
    expect(screen.getByLabelText('Discount Rate')).toHaveValue('2.50');
    expect(screen.getByLabelText('Discount Amount')).toHaveValue('74.75');
    expect(screen.getByLabelText('Net Amount')).toHaveAttribute('readonly');
    expect(api.callsTo('GET /adminBankDetailsByBankid').at(-1)?.params).toMatchObject({
      type: '10',
      id: '10',
      amount: 'EpintypeB',
    });

    await user.click(screen.getByRole('button', { name: 'Request' }));
    expect(await screen.findByText('Epin Request Submitted Successfully')).toBeInTheDocument();
    expect(api.callsTo('POST /FundRequestBank')[0]?.body).toEqual({
      uid: '482913',
      usertype: '',
      utrno: 'UTR412345678901',
      amount: '2915.25',
      bankid: BANK_OPTION.id,
      qty: '10',
      epintype: 'EpintypeB',
    });
    // Reloaded: the form is back to its first state.
    await waitFor(() => expect(screen.getByLabelText('UTR Number')).toHaveValue(''));
    expect(screen.getByLabelText('Payment Type')).toHaveValue('');
  });

  it("proves the button reads 'Processing..' (spec §4) and is disabled while the call is in flight; any other answer is an error toast with the server text and the form stays", async () => {
    signInMember();
    const reply = deferred<FakeReply>();
    mockApi({ 'GET /adminBankDetailsByBankid': bankDetails, 'POST /FundRequestBank': () => reply.promise });
    const user = userEvent.setup({ delay: null });
    renderApp('/FundRequestBank');
    await screen.findByRole('option', { name: 'State Bank of India (Bank)' });
    await user.selectOptions(screen.getByLabelText('Payment Type'), BANK_OPTION.id);
    await user.type(screen.getByLabelText('UTR Number'), 'UTR412345678901');
    await user.type(screen.getByLabelText('Quantity'), '1');
    await user.selectOptions(screen.getByLabelText('Epin Type'), '1000');
    await user.click(screen.getByRole('button', { name: 'Request' }));
    expect(await screen.findByRole('button', { name: 'Processing..' })).toBeDisabled();
    reply.resolve({ data: 'This UTR Number has already been used' });
    expect(await screen.findByText('This UTR Number has already been used')).toBeInTheDocument();
    expect(screen.getByLabelText('UTR Number')).toHaveValue('UTR412345678901');
    expect(await screen.findByRole('button', { name: 'Request' })).toBeEnabled(); // the label returns after the call's finally
  });
});
