import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, mockApi, type FakeReply } from '../../../testing/mock-api';
import { expectFieldError } from '../../../testing/form-errors';
import { renderApp } from '../../../testing/render-app';
import { BLANK_REGISTRATION_FIELDS } from '../api/blank-registration-fields';
import { welcomeTokenFor } from '../api/welcome-token';

const COUNTRIES = {
  data: [
    [
      { id: 99, name: 'Iceland', phonecode: '354' },
      { id: 101, name: 'India', phonecode: '+91' },
      { id: 102, name: 'Indonesia', phonecode: '+62' },
    ],
  ],
};
const FOUND = { data: { result: 'Sponsor Id exists', name: 'Root Member', top_up: 'Active' } };
const NOT_FOUND = { data: { result: 'Sponsor Id doesnot exists !!', name: '', top_up: '' } };

function sponsorApi(extra: Record<string, FakeReply | (() => Promise<FakeReply>)> = {}) {
  return mockApi({
    'GET /countryList': COUNTRIES,
    'GET /check_sponsorid': (call) => (call.params.uid === '100000' ? FOUND : NOT_FOUND),
    ...extra,
  });
}

const field = (label: string) => screen.getByLabelText(label);

/** Submits and expects exactly one new toast, the newest on top, reading `message`. */
async function submitAndExpect(user: UserEvent, message: string) {
  const before = screen.queryAllByRole('alert').length;
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(before + 1));
  expect(screen.getAllByRole('alert')[0]).toHaveTextContent(message);
}

async function fillValidForm(user: UserEvent) {
  await user.type(field('Sponsor Id'), '100000');
  await user.type(field('User Name'), 'Asha Rao');
  await user.type(field('Email'), 'asha@example.in');
  await user.type(field('Mobile'), '9876543210');
  await user.type(field('City'), 'Nashik');
  await user.type(field('State'), 'Maharashtra');
  await user.type(field('UPI Number'), '9876543210');
  await user.type(field('Password'), 'secret12');
  await user.type(field('Confirm Password'), 'secret12');
  await user.click(screen.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' }));
}

describe('member registration', () => {
  it('proves the ten checks report their exact messages one by one, in the spec order', async () => {
    const api = sponsorApi();
    const user = userEvent.setup({ delay: null });
    renderApp('/signup');
    await screen.findByRole('option', { name: 'Indonesia' });

    await submitAndExpect(user, 'Sponsor ID is required');
    await user.type(field('Sponsor Id'), '100000');
    await submitAndExpect(user, 'User Name is required');
    await user.type(field('User Name'), 'Ash');
    await submitAndExpect(user, 'User Name must be at least 4 characters');
    await user.type(field('User Name'), 'a Rao');
    await user.selectOptions(field('Country'), '');
    await submitAndExpect(user, 'Country is required');
    await user.selectOptions(field('Country'), 'India');
    await submitAndExpect(user, 'City is required');
    await user.type(field('City'), 'Nashik');
    await submitAndExpect(user, 'State is required');
    await user.type(field('State'), 'Maharashtra');
    await user.type(field('Mobile'), '12345678');
    await submitAndExpect(user, 'Enter Valid Mobile Number !!');
    await user.type(field('Mobile'), '9');
    await submitAndExpect(user, 'UPI number is required');
    await user.type(field('UPI Number'), 'asha@upi');
    await submitAndExpect(user, 'Password is required');
    await user.type(field('Password'), '12345');
    await submitAndExpect(user, 'Password must be at least 6 characters');
    await user.type(field('Password'), '6');
    await user.type(field('Confirm Password'), '123457');
    await submitAndExpect(user, 'Confirm Password is not match');
    await user.clear(field('Confirm Password'));
    await user.type(field('Confirm Password'), '123456');
    await submitAndExpect(user, 'Select Terms and Conditions');

    expect(api.callsTo('POST /registrationWeb')).toHaveLength(0);
  });

  it('proves a form breaking rules 2 and 5 reports rule 2 only', async () => {
    sponsorApi();
    const user = userEvent.setup({ delay: null });
    renderApp('/signup');
    await user.type(field('Sponsor Id'), '100000');
    await user.type(field('City'), 'Nashik');
    await user.type(field('Mobile'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    // In the toast and under the User Name field.
    await expectFieldError('User Name', 'User Name is required');
    expect(screen.queryByText('State is required')).not.toBeInTheDocument();
  });

  it('proves the input filters: sponsor and phone keep digits, name, city and state keep letters and spaces', async () => {
    sponsorApi();
    const user = userEvent.setup({ delay: null });
    renderApp('/signup');
    await user.type(field('Sponsor Id'), 'a1b0c0-0 0x0');
    expect(field('Sponsor Id')).toHaveValue('100000');
    await user.type(field('User Name'), 'Asha1 R@o_2');
    expect(field('User Name')).toHaveValue('Asha Ro');
    await user.type(field('City'), 'Nashik-42');
    expect(field('City')).toHaveValue('Nashik');
    await user.type(field('State'), 'Maha rashtra!9');
    expect(field('State')).toHaveValue('Maha rashtra');
    await user.type(field('Mobile'), '+91 98765-43210');
    expect(field('Mobile')).toHaveValue('919876543210');
  });

  it('proves Devanagari (with ZWJ/ZWNJ) is taken in name, city and state, a long UPI ID is kept whole, and a refused paste says why (issue 20)', async () => {
    sponsorApi();
    const user = userEvent.setup({ delay: null });
    renderApp('/signup');
    await user.click(field('User Name'));
    await user.paste('रवि क्\u200Dष कुमार');
    expect(field('User Name')).toHaveValue('रवि क्\u200Dष कुमार');
    await user.click(field('City'));
    await user.paste('नाशिक');
    expect(field('City')).toHaveValue('नाशिक');
    await user.click(field('State'));
    await user.paste('महाराष्ट्र');
    expect(field('State')).toHaveValue('महाराष्ट्र');
    await user.click(field('UPI Number'));
    await user.paste('ravi.kumar@okaxis');
    expect(field('UPI Number')).toHaveValue('ravi.kumar@okaxis');
    // Too long, or a character the field does not take: nothing is taken, and the field says why.
    await user.click(field('City'));
    await user.paste('x'.repeat(30));
    expect(field('City')).toHaveValue('नाशिक');
    expect(screen.getByText('At most 20 characters: that was not taken')).toBeInTheDocument();
    await user.click(field('Mobile'));
    await user.paste('98765.43210');
    expect(field('Mobile')).toHaveValue('');
    expect(screen.getByText('Digits only: that was not taken')).toBeInTheDocument();
    expect(screen.queryByText('At most 20 characters: that was not taken')).not.toBeInTheDocument();
  });

  it('proves the maximum lengths of the inputs', async () => {
    sponsorApi();
    const user = userEvent.setup({ delay: null });
    renderApp('/signup');
    await user.type(field('Sponsor Id'), '123456789012345');
    expect(field('Sponsor Id')).toHaveValue('1234567890');
    await user.type(field('City'), 'a'.repeat(30));
    expect(field('City')).toHaveValue('a'.repeat(20));
    // A UPI ID may run to 50 characters (issue 20), so the field takes them; the 12-character cap of
    // a UPI number is a check on submit.
    await user.type(field('UPI Number'), '1'.repeat(20));
    expect(field('UPI Number')).toHaveValue('1'.repeat(20));
    await user.type(field('Password'), 'p'.repeat(40));
    expect(field('Password')).toHaveValue('p'.repeat(30));
    await user.type(field('Confirm Password'), 'p'.repeat(40));
    expect(field('Confirm Password')).toHaveValue('p'.repeat(20));
  });

  it('proves the sponsor look-up: a known id shows the name in green, an unknown typed id shows Wrong Sponsor Id in red', async () => {
    sponsorApi();
    const user = userEvent.setup({ delay: null });
    renderApp('/signup');
    await user.type(field('Sponsor Id'), '100000');
    const status = await screen.findByText('Root Member');
    expect(status).toHaveStyle({ color: 'rgb(27, 127, 58)' });
    await user.type(field('Sponsor Id'), '1');
    const wrong = await screen.findByText('Wrong Sponsor Id');
    expect(wrong).toHaveStyle({ color: 'rgb(198, 40, 40)' });
  });

  it('proves a sponsor from ?userid is prefilled and, when unknown, reads Wrong sponser id', async () => {
    const api = sponsorApi();
    renderApp('/signup?userid=555555');
    expect(field('Sponsor Id')).toHaveValue('555555');
    expect(await screen.findByText('Wrong sponser id')).toBeInTheDocument();
    expect(api.callsTo('GET /check_sponsorid')[0]?.params).toEqual({ uid: '555555' });
  });

  it('proves a known sponsor from ?userid shows the sponsor name', async () => {
    sponsorApi();
    renderApp('/signup?userid=100000');
    expect(await screen.findByText('Root Member')).toBeInTheDocument();
  });

  it('proves the country list defaults to India and shows its phone code beside the mobile', async () => {
    sponsorApi();
    const user = userEvent.setup({ delay: null });
    renderApp('/signup');
    await screen.findByRole('option', { name: 'Indonesia' });
    expect(field('Country')).toHaveValue('101');
    expect(screen.getByText('+91')).toBeInTheDocument();
    await user.selectOptions(field('Country'), 'Iceland');
    expect(screen.getByText('+354')).toBeInTheDocument();
  });

  it("proves the button reads 'Processing..' and is disabled while busy, then success goes to the welcome letter", async () => {
    const pending = deferred<FakeReply>();
    const api = sponsorApi({ 'POST /registrationWeb': () => pending.promise });
    const user = userEvent.setup({ delay: null });
    const app = renderApp('/signup');
    await screen.findByRole('option', { name: 'Indonesia' });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const busy = await screen.findByRole('button', { name: 'Processing..' });
    expect(busy).toBeDisabled();
    pending.resolve({ data: { result: 'Registration Successfull', uid_output: '482913', welcomeToken: 'w.t.k' } });

    expect(await screen.findByText('Registration Successfull')).toBeInTheDocument();
    await waitFor(() => expect(app.location().pathname).toBe('/WelcomeLetter'));
    // The welcome token stays in this tab's session storage, out of the URL.
    expect(app.location().search).toBe('?userid=482913');
    expect(welcomeTokenFor('482913')).toBe('w.t.k');
    expect(api.callsTo('POST /registrationWeb')[0]?.body).toEqual({
      sid: '100000',
      name: 'Asha Rao',
      email: 'asha@example.in',
      password: 'secret12',
      mobile: '9876543210',
      countryid: '101',
      city: 'Nashik',
      state: 'Maharashtra',
      upinumber: '9876543210',
      ...BLANK_REGISTRATION_FIELDS,
    });
  });

  it("proves a refused registration shows the server's result text (also from a 400) and re-enables the button", async () => {
    sponsorApi({
      'POST /registrationWeb': {
        status: 400,
        data: { statusCode: 400, result: 'Sponsor Id doesnot exists !!', message: 'Sponsor Id doesnot exists !!' },
      },
    });
    const user = userEvent.setup({ delay: null });
    const app = renderApp('/signup');
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sponsor Id doesnot exists !!');
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeEnabled(); // the label returns after the call's finally
    expect(app.location().pathname).toBe('/signup');
  });

  it('proves an invalid email only marks the field and does not block submission', async () => {
    const api = sponsorApi({
      'POST /registrationWeb': { data: { result: 'Registration Successfull', uid_output: '482913' } },
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/signup');
    await fillValidForm(user);
    await user.clear(field('Email'));
    await user.type(field('Email'), 'a@b');
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.callsTo('POST /registrationWeb')).toHaveLength(1));
  });

  it('proves Reset clears the fields', async () => {
    sponsorApi();
    const user = userEvent.setup({ delay: null });
    renderApp('/signup?userid=100000');
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    for (const label of [
      'Sponsor Id',
      'User Name',
      'Email',
      'Mobile',
      'City',
      'State',
      'UPI Number',
      'Password',
      'Confirm Password',
    ]) {
      expect(field(label)).toHaveValue('');
    }
    expect(screen.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' })).not.toBeChecked();
    expect(screen.queryByText('Root Member')).not.toBeInTheDocument();
  });
});

describe('sponsor look-up pacing', () => {
  it('proves typing an id sends one look-up after the pause, not one per keystroke, and a 429 is not called a wrong id', async () => {
    const api = mockApi({
      'GET /countryList': COUNTRIES,
      'GET /check_sponsorid': { status: 429, data: { result: 'Too many requests. Please try again later.' } },
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/signup');
    await user.type(field('Sponsor Id'), '100000');
    expect(await screen.findByText('Too many requests. Please try again later.')).toBeInTheDocument();
    expect(screen.queryByText('Wrong Sponsor Id')).not.toBeInTheDocument();
    expect(api.callsTo('GET /check_sponsorid').map((c) => c.params.uid)).toEqual(['100000']);
  });
});
