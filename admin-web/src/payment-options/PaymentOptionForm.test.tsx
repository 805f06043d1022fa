import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';
import { saveSession, type AdminRole } from '../session';
import { emptyLists, jsonResponse, mockFetch, type RecordedCall } from '../test/fetchMock';

afterEach(() => vi.unstubAllGlobals());

const created = (call: RecordedCall) =>
  call.method === 'POST' && call.url === '/admin-api/payment-options'
    ? jsonResponse({ id: 'OPT9', ...(call.body as object), created_at: '2026-11-22T10:00:00.000Z' }, { status: 201 })
    : undefined;

const qrOption = {
  id: 'OPT2',
  type: 'QR',
  Bank_Name: 'PhonePe',
  acholdername: 'Sahyog Trust',
  btcaddress: 'sahyog@ybl',
  ifsc: '',
  Branch: '',
  imglink: 'https://example.org/qr.png',
  disabled: false,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};

const existing = (call: RecordedCall) => {
  if (call.url !== '/admin-api/payment-options/OPT2') return undefined;
  if (call.method === 'GET') return jsonResponse(qrOption);
  if (call.method === 'PUT') return jsonResponse({ ...qrOption, ...(call.body as object) });
  return undefined;
};

function renderAs(role: AdminRole, hash: string) {
  saveSession({ token: 'jwt-abc', username: 'root', role });
  const mocked = mockFetch(created, existing, emptyLists);
  window.location.hash = hash;
  render(<App />);
  return mocked;
}

async function fillBank(ifsc: string) {
  await userEvent.type(await screen.findByRole('textbox', { name: /Bank name/ }), 'State Bank of India');
  await userEvent.type(screen.getByRole('textbox', { name: /Account holder/ }), 'Sahyog Trust');
  await userEvent.type(screen.getByRole('textbox', { name: /Account number/ }), '00112233445566');
  await userEvent.type(screen.getByRole('textbox', { name: /IFSC/ }), ifsc);
}

describe('payment option form', () => {
  it('refuses a bank option whose IFSC is not like ABCD0123456, and posts once it is', async () => {
    // Proves: a Bank option with a bad IFSC never reaches the API; a lower-case valid IFSC is sent in capitals with exactly the option's fields.
    const { calls } = renderAs('superadmin', '#/payment-options/create');
    await fillBank('SBIN123');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('IFSC must be 11 characters like ABCD0123456')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    const ifsc = screen.getByRole('textbox', { name: /IFSC/ });
    await userEvent.clear(ifsc);
    await userEvent.type(ifsc, 'sbin0001234');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      type: 'Bank',
      Bank_Name: 'State Bank of India',
      acholdername: 'Sahyog Trust',
      btcaddress: '00112233445566',
      ifsc: 'SBIN0001234',
      Branch: '',
      imglink: '',
      disabled: false,
    });
  });

  it('asks a QR option for its image link', async () => {
    // Proves: switching the type to QR makes the image link required (and the IFSC optional) before anything is posted.
    const { calls } = renderAs('superadmin', '#/payment-options/create');
    await userEvent.click(await screen.findByRole('combobox', { name: /Type/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'QR' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Bank name/ }), 'PhonePe');
    await userEvent.type(screen.getByRole('textbox', { name: /Account holder/ }), 'Sahyog Trust');
    await userEvent.type(screen.getByRole('textbox', { name: /UPI id/ }), 'sahyog@ybl');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('A QR option needs its image link')).toBeInTheDocument();
    expect(screen.queryByText('IFSC must be 11 characters like ABCD0123456')).toBeNull();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('disables an option with the Disabled switch, sending only its fields, and offers no Delete', async () => {
    // Proves: the edit form PUTs exactly the option's fields (no id or timestamps) with disabled: true; options are never deleted.
    const { calls } = renderAs('superadmin', '#/payment-options/OPT2');
    await screen.findByDisplayValue('sahyog@ybl');
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();

    await userEvent.click(screen.getByRole('switch', { name: /Disabled/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      type: 'QR',
      Bank_Name: 'PhonePe',
      acholdername: 'Sahyog Trust',
      btcaddress: 'sahyog@ybl',
      ifsc: '',
      Branch: '',
      imglink: 'https://example.org/qr.png',
      disabled: true,
    });
  });

  it('gives an approver the options list without Create', async () => {
    // Proves: creating / changing an option is superadmin-only (the API's Roles()), so an approver only reads the list.
    const { calls } = renderAs('approver', '#/payment-options');
    await waitFor(() => expect(calls.some((call) => call.url.startsWith('/admin-api/payment-options?'))).toBe(true));
    await screen.findByRole('combobox', { name: /State/ });
    expect(screen.queryByRole('link', { name: 'Create' })).toBeNull();
  });

  it('gives a superadmin Create on the options list, even when it is empty', async () => {
    // Proves: the list keeps its toolbar when empty, so the first option can be created on a fresh system.
    renderAs('superadmin', '#/payment-options');
    expect(await screen.findByRole('link', { name: 'Create' })).toHaveAttribute('href', '#/payment-options/create');
  });
});
