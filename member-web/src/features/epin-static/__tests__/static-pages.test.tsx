import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { renderApp, signInMember } from '../../../testing/render-app';
import { bodyRowsOf, headersOf } from '../../../testing/table';

const HASH = `0x${'a1'.repeat(32)}`;

describe('static e-pin pages', () => {
  it('proves /myepinstrans shows the empty stock text and its transfer form sends nothing', async () => {
    signInMember();
    const api = mockApi({});
    const user = userEvent.setup({ delay: null });
    renderApp('/myepinstrans');
    expect(screen.getByTestId('empty-stock')).toHaveTextContent('No PINs in Stock ... !!!');
    // Spec §3's transfer form: type (epin_dollar, epin_inr), qty, receiver login id.
    expect(
      within(screen.getByLabelText('E-Pin Type'))
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['epin_dollar', 'epin_inr']);
    expect(screen.getByLabelText('Transfer Quantity')).toHaveAttribute('min', '0');
    await user.type(screen.getByLabelText('Transfer To'), '517204');
    await user.click(screen.getByRole('button', { name: 'Transfer PINs' }));
    expect(screen.getAllByText(/Requests are made from Epin Request/).length).toBeGreaterThanOrEqual(2);
    expect(api.calls).toHaveLength(0);
  });

  it('proves /Epinledger shows sample rows under SR, DATE, MODE, FROM, TO, QTY without calls', () => {
    signInMember();
    const api = mockApi({});
    renderApp('/Epinledger');
    expect(headersOf('E-Pin Ledger')).toEqual(['SR', 'DATE', 'MODE', 'FROM', 'TO', 'QTY']);
    expect(bodyRowsOf('E-Pin Ledger')[0]).toEqual(['1', '05 Nov 2026', 'PURCHASE', 'ADMIN', '482913', '5']);
    expect(api.calls).toHaveLength(0);
  });

  it('proves /RequestEPins: pin type PH_EPIN - $ 11.00, quantity default 1 within 1..500, hash required and 0x + 64 hex, nothing sent', async () => {
    signInMember();
    const api = mockApi({});
    const user = userEvent.setup({ delay: null });
    renderApp('/RequestEPins');
    expect(screen.getByLabelText('Pin Type')).toHaveValue('PH_EPIN - $ 11.00');
    // Spec §3's fields: reg_id and ID (the member), pay_mode (§5's modes, CASH hidden), bank_name, UTR, img_snap, note.
    expect(screen.getByLabelText('Reg. Id')).toHaveValue('482913');
    expect(screen.getByLabelText('ID')).toHaveValue('482913');
    expect(
      within(screen.getByLabelText('Pay Mode'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['USDT', 'RTGS', 'NEFT', 'PHONE-PE', 'GOOGLE-PE', 'PAY-TM']);
    expect(screen.getByLabelText('Pay Mode')).toHaveValue('USDT');
    expect(screen.getByLabelText('Bank Name')).toBeInTheDocument();
    expect(screen.getByLabelText('Note')).toBeInTheDocument();
    const qty = screen.getByLabelText('Quantity');
    expect(qty).toHaveValue(1);
    expect(screen.getByLabelText('Bank Slip')).not.toBeRequired();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Transaction hash is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Transaction Hash'), '0x1234');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Transaction hash must be 0x followed by 64 hex characters')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Transaction Hash'));
    await user.type(screen.getByLabelText('Transaction Hash'), HASH);
    await user.clear(qty);
    await user.type(qty, '501');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Quantity must be between 1 and 500')).toBeInTheDocument();

    await user.clear(qty);
    await user.type(qty, '500');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('status')).toHaveTextContent('Not sent: Requests are made from Epin Request.');
    expect(api.calls).toHaveLength(0);
  });

  it('proves /RequestEPinsBank is the INR variant: a reference is required, no hex pattern, nothing sent', async () => {
    signInMember();
    const api = mockApi({});
    const user = userEvent.setup({ delay: null });
    renderApp('/RequestEPinsBank');
    expect(screen.getByRole('heading', { name: 'Request E-Pins (INR)' })).toBeInTheDocument();
    expect(screen.getByLabelText('Pin Type')).toHaveValue('PH_EPIN - $ 11.00');
    expect(screen.getByLabelText('Pay Mode')).toHaveValue('RTGS');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Transaction reference is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Transaction Reference'), 'UTR123456');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('status')).toHaveTextContent('Not sent');
    expect(api.calls).toHaveLength(0);
  });
});
