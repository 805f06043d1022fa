import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { App } from '../App';
import { saveSession } from '../session';
import { emptyLists, jsonResponse, mockFetch, type RecordedCall } from '../test/fetchMock';

afterEach(() => vi.unstubAllGlobals());

const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const options = [
  {
    id: 'OPT1',
    type: 'QR',
    Bank_Name: 'PhonePe',
    acholdername: 'Sahyog Trust',
    btcaddress: 'sahyog@ybl',
    ifsc: '',
    Branch: '',
    imglink: 'https://example.org/qr.png',
    disabled: false,
    created_at: '2026-11-20T10:00:00.000Z',
  },
  {
    id: 'OPT2',
    type: 'QR',
    Bank_Name: 'Paytm',
    acholdername: 'Sahyog Trust',
    btcaddress: 'sahyog@paytm',
    ifsc: '',
    Branch: '',
    imglink: PNG_DATA_URL,
    disabled: false,
    created_at: '2026-11-20T10:00:00.000Z',
  },
];

const optionList = (call: RecordedCall) =>
  call.method === 'GET' && call.url.startsWith('/admin-api/payment-options?')
    ? jsonResponse(options, { contentRange: 'payment-options 0-1/2' })
    : undefined;

describe('payment option QR codes', () => {
  it('shows each QR code as an image with alt text, never its link or base64 text', async () => {
    // Proves: the QR column draws the image (http link or data URL) named by its option, and prints no base64.
    saveSession({ token: 'jwt-abc', username: 'asha', role: 'auditor' });
    mockFetch(optionList, emptyLists);
    window.location.hash = '#/payment-options';
    render(<App />);

    const phonePe = await screen.findByRole('img', { name: 'QR code of PhonePe' });
    expect(phonePe).toHaveAttribute('src', 'https://example.org/qr.png');
    expect(screen.getByRole('img', { name: 'QR code of Paytm' })).toHaveAttribute('src', PNG_DATA_URL);
    expect(screen.queryByText(/iVBORw0KGgo/)).toBeNull();
    expect(screen.queryByText('https://example.org/qr.png')).toBeNull();
  });
});
