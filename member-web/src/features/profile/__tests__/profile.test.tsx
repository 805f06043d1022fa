import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { getSession } from '../../../lib/session';
import { deferred, mockApi } from '../../../testing/mock-api';
import { renderApp, signInMember } from '../../../testing/render-app';
import { mockViewportWidth } from '../../../testing/viewport';
import { regions, userInformation } from './fixtures';

afterEach(() => vi.unstubAllGlobals());

describe('/Profile', () => {
  it('proves a loading state, then user id, name, email and mobile and the way to the settings, at 390 px', async () => {
    mockViewportWidth(390);
    signInMember();
    const answer = deferred<{ data: unknown }>();
    const api = mockApi({ 'POST /UserInformation': () => answer.promise });
    renderApp('/Profile');
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    await act(async () => {
      answer.resolve(userInformation());
      await answer.promise;
    });
    const summary = await screen.findByTestId('profile-summary');
    for (const text of ['482913', 'Asha Rao', 'asha@example.com', '9876543210'])
      expect(summary).toHaveTextContent(text);
    expect(api.callsTo('POST /UserInformation')[0]?.body).toEqual({ uid: '482913' });
    expect(screen.getByRole('link', { name: 'Profile Settings' })).toHaveAttribute('href', '/ProfileSetting');
  });

  it('proves a failed read offers a retry', async () => {
    signInMember();
    let fail = true;
    mockApi({ 'POST /UserInformation': () => (fail ? { status: 500, data: {} } : userInformation()) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/Profile');
    expect(await screen.findByText('Could not load your profile.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('profile-summary')).toHaveTextContent('Asha Rao');
  });
});

describe('/ProfileSetting', () => {
  it('proves the side menu, read-only name/email/country/mobile, state and district from getregion, and the six required fields in order', async () => {
    signInMember();
    const api = mockApi({ 'POST /UserInformation': userInformation(), 'POST /getregion': regions });
    renderApp('/ProfileSetting');
    expect(await screen.findByRole('heading', { name: 'Profile Info' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Profile settings' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/ProfileSetting', '/ChangePassword', '/transactionPassword', '/Ecurrency', '/Updatebank']);
    expect(await screen.findByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Country')).toHaveValue('India');
    await waitFor(() => expect(api.callsTo('POST /getregion')).toHaveLength(2));
    expect(api.callsTo('POST /getregion').map((c) => c.body)).toEqual([
      { uid: '482913', regiontype: 'State', regionid: '' },
      { uid: '482913', regiontype: 'District', regionid: 'MH' },
    ]);

    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    submit();
    expect(await screen.findAllByText('Please Enter district name')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('District'), { target: { value: 'Nashik' } });
    const city = screen.getByLabelText('City');
    // Issue 20: a change the field does not take is refused whole and says why (never filtered).
    fireEvent.change(city, { target: { value: 'Nas1234567' } });
    expect(city).toHaveValue('');
    expect(screen.getByText('Digits only: that was not taken')).toBeInTheDocument();
    fireEvent.change(city, { target: { value: '123456' } });
    expect(city).toHaveValue('123456');
    submit();
    expect(await screen.findAllByText('Please enter pincode')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Pincode'), { target: { value: '422001' } });
    fireEvent.change(screen.getByLabelText('Nominee Name'), { target: { value: 'Ravi 9 Rao' } });
    expect(screen.getByLabelText('Nominee Name')).toHaveValue('');
    expect(screen.getByText('Letters and spaces only (any script): that was not taken')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Nominee Name'), { target: { value: 'रवि क्\u200Dष राव' } });
    expect(screen.getByLabelText('Nominee Name')).toHaveValue('रवि क्\u200Dष राव');
    submit();
    expect(await screen.findAllByText('Please enter Nominee Relation')).toHaveLength(2);
    expect(api.callsTo('POST /UpdateProfile')).toHaveLength(0);
  });

  it("proves a save sends the spec's fields and 'Profile Update Successfully' is a success toast", async () => {
    signInMember();
    const api = mockApi({
      'POST /UserInformation': userInformation({ districtname: 'Nashik', cityname: '422001', pincode: '422001' }),
      'POST /getregion': regions,
      'POST /UpdateProfile': { data: { Result: 'Profile Update Successfully', result: 'Profile Update Successfully' } },
    });
    renderApp('/ProfileSetting');
    fireEvent.change(await screen.findByLabelText('Nominee Name'), { target: { value: 'Ravi Rao' } });
    fireEvent.change(screen.getByLabelText('Nominee Relation'), { target: { value: 'Brother' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Profile Update Successfully')).toBeInTheDocument();
    expect(api.callsTo('POST /UpdateProfile')[0]?.body).toEqual({
      type: 'profile',
      uid: '482913',
      statename: 'Maharashtra',
      districtname: 'Nashik',
      cityname: '422001',
      counrtyid: '101',
      pincode: '422001',
      Nomineename: 'Ravi Rao',
      Nomineerelation: 'Brother',
      IP_address: '',
    });
  });
});

describe('/ChangePassword and /transactionPassword', () => {
  const fill = (current: string, next: string, confirm: string, prefix = '') => {
    fireEvent.change(screen.getByLabelText(`Current ${prefix}Password`), { target: { value: current } });
    fireEvent.change(screen.getByLabelText(`New ${prefix}Password`), { target: { value: next } });
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: confirm } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
  };

  it('proves each check in the spec’s order, the server’s wrong-password text, and a success that keeps the session on the new token', async () => {
    signInMember();
    const answer = deferred<{ data: unknown }>();
    let reply: () => Promise<{ data: unknown }> | { data: unknown } = () => ({
      data: { Result: 'Current password is wrong!', result: 'Current password is wrong!' },
    });
    const api = mockApi({ 'POST /UpdateProfile': () => reply() });
    renderApp('/ChangePassword');
    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
    fill('', '', '');
    expect(await screen.findAllByText('Please enter current password')).toHaveLength(2);
    fill('Member@123', 'abc', 'abc');
    expect(await screen.findAllByText('New Password must be at least 6 characters')).toHaveLength(2);
    fill('Member@123', 'Member@123', 'Member@123');
    expect(await screen.findAllByText('Old password can not be new password')).toHaveLength(2);
    fill('Member@123', 'Newpass@1', 'Newpass@2');
    expect(await screen.findAllByText('Password is not matched')).toHaveLength(2);
    expect(screen.getByLabelText('New Password')).toHaveAttribute('maxlength', '20');
    expect(api.callsTo('POST /UpdateProfile')).toHaveLength(0);

    fill('Wrong@123', 'Newpass@1', 'Newpass@1');
    expect(await screen.findByText('Current password is wrong!')).toBeInTheDocument();
    expect(api.callsTo('POST /UpdateProfile')[0]?.body).toEqual({
      type: 'password',
      uid: '482913',
      password: 'Newpass@1',
      cpassword: 'Wrong@123',
      confirmpassword: 'Newpass@1',
      IP_address: '',
    });

    reply = () => answer.promise;
    fill('Member@123', 'Newpass@1', 'Newpass@1');
    expect(await screen.findByRole('button', { name: 'Processing..' })).toBeDisabled();
    await act(async () => {
      answer.resolve({
        data: {
          Result: 'Changes Password Update Successfully',
          result: 'Changes Password Update Successfully',
          token: 'jwt-new',
        },
      });
      await answer.promise;
    });
    expect(await screen.findByText('Changes Password Update Successfully')).toBeInTheDocument();
    expect(getSession()).toMatchObject({ isAuth: true, userId: '482913', jwtToken: 'jwt-new' });
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
  });

  it("proves /transactionPassword (lower-case) is the transaction password screen: 'Password must be at least 6 characters', max 25, trans_password fields", async () => {
    signInMember();
    const api = mockApi({
      'POST /UpdateProfile': {
        data: { Result: 'Current Transaction Password is wrong!', result: 'Current Transaction Password is wrong!' },
      },
    });
    renderApp('/transactionPassword');
    expect(await screen.findByRole('heading', { name: 'Transaction Password' })).toBeInTheDocument();
    fill('Member@123', 'abc', 'abc', 'Transaction ');
    expect(await screen.findAllByText('Password must be at least 6 characters')).toHaveLength(2);
    expect(screen.getByLabelText('New Transaction Password')).toHaveAttribute('maxlength', '25');
    fill('Wrong@123', 'Trans@1234', 'Trans@1234', 'Transaction ');
    expect(await screen.findByText('Current Transaction Password is wrong!')).toBeInTheDocument();
    expect(api.callsTo('POST /UpdateProfile')[0]?.body).toEqual({
      type: 'trans_password',
      uid: '482913',
      trans_password: 'Trans@1234',
      ctrans_password: 'Wrong@123',
      confirm_trans_password: 'Trans@1234',
      IP_address: '',
    });
  });
});

describe('/Updatebank', () => {
  it('proves the IFSC look-up fills bank and branch and a failed one clears them, the required order, and success goes to /Profile', async () => {
    signInMember();
    const api = mockApi({
      'POST /UserInformation': userInformation({ GPay: '9876543210' }),
      'GET /ifsc/KKBK0000261': { data: { IFSC: 'KKBK0000261', BANK: 'Kotak Mahindra Bank', BRANCH: 'GURGAON' } },
      'GET /ifsc/ABCD0123456': { status: 404, data: { result: 'IFSC not found' } },
      'POST /UpdateProfile': { data: { Result: 'Bank Details Updated Successfully' } },
    });
    const { location } = renderApp('/Updatebank');
    expect(await screen.findByRole('heading', { name: 'Bank Details' })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Update' }));
    expect(await screen.findAllByText('Please Enter Account Number')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Account Number'), { target: { value: '1234-5678-9012' } });
    expect(screen.getByLabelText('Account Number')).toHaveValue('123456789012');
    fireEvent.change(screen.getByLabelText('Account Holder Name'), { target: { value: 'Asha Rao' } });
    fireEvent.change(screen.getByLabelText('IFSC Code'), { target: { value: 'kkbk0000261' } });
    await waitFor(() => expect(screen.getByLabelText('Bank Name')).toHaveValue('Kotak Mahindra Bank'));
    expect(screen.getByLabelText('Branch')).toHaveValue('GURGAON');
    fireEvent.change(screen.getByLabelText('IFSC Code'), { target: { value: 'ABCD0123456' } });
    await waitFor(() => expect(screen.getByLabelText('Bank Name')).toHaveValue(''));
    expect(screen.getByLabelText('Branch')).toHaveValue('');
    fireEvent.change(screen.getByLabelText('IFSC Code'), { target: { value: 'KKBK0000261' } });
    await waitFor(() => expect(screen.getByLabelText('Bank Name')).toHaveValue('Kotak Mahindra Bank'));
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findAllByText('Please Enter Transaction Password')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Transaction Password'), { target: { value: 'Member@123' } });
    fireEvent.change(screen.getByLabelText('PAN Number'), { target: { value: 'abcpe1234f' } });
    fireEvent.change(screen.getByLabelText('Aadhar Number'), { target: { value: '000000000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findAllByText('Please Enter Aadhar Number')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Aadhar Number'), { target: { value: '234567890124' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(location().pathname).toBe('/Profile'));
    expect(api.callsTo('POST /UpdateProfile')[0]?.body).toEqual({
      type: 'bankdetails',
      uid: '482913',
      accountnumber: '123456789012',
      holder: 'Asha Rao',
      ifsc: 'KKBK0000261',
      bank_name: 'Kotak Mahindra Bank',
      branch: 'GURGAON',
      ctrans_password: 'Member@123',
      PAN: 'ABCPE1234F',
      AAdhar: '234567890124',
      upinumber: '9876543210',
      IP_address: '',
    });
  });

  it('proves a long UPI ID is kept whole and sent whole, and a malformed one is refused before sending (issue 20)', async () => {
    signInMember();
    const api = mockApi({
      'POST /UserInformation': userInformation({
        GPay: '',
        accountnumber: '123456789012',
        holder: 'Asha Rao',
        ifsc: 'KKBK0000261',
        bank_name: 'Kotak Mahindra Bank',
        branch: 'GURGAON',
        PAN: 'ABCPE1234F',
        AAdhar: '234567890124',
      }),
      'POST /UpdateProfile': { data: { Result: 'Bank Details Updated Successfully' } },
    });
    const { location } = renderApp('/Updatebank');
    const upi = await screen.findByLabelText('UPI Number');
    fireEvent.change(screen.getByLabelText('Transaction Password'), { target: { value: 'Member@123' } });
    fireEvent.change(upi, { target: { value: 'ravi@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findAllByText('Enter a valid UPI ID (name@bank, at most 50 characters)')).toHaveLength(2);
    expect(api.callsTo('POST /UpdateProfile')).toHaveLength(0);
    fireEvent.change(upi, { target: { value: 'ravi.kumar.nashik.family@okaxis' } });
    expect(upi).toHaveValue('ravi.kumar.nashik.family@okaxis');
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(location().pathname).toBe('/Profile'));
    expect(api.callsTo('POST /UpdateProfile')[0]?.body).toMatchObject({ upinumber: 'ravi.kumar.nashik.family@okaxis' });
  });

  it("proves saved details read 'Details Verified and Locked' with every input disabled and no Update", async () => {
    signInMember();
    mockApi({
      'POST /UserInformation': userInformation({
        bank_locked: true,
        accountnumber: '123456789012',
        holder: 'Asha Rao',
        ifsc: 'KKBK0000261',
        bank_name: 'Kotak Mahindra Bank',
        branch: 'GURGAON',
        PAN: 'ABCPE1234F',
        AAdhar: '234567890124',
      }),
    });
    renderApp('/Updatebank');
    expect(await screen.findByTestId('locked-notice')).toHaveTextContent('Details Verified and Locked');
    expect(screen.getByLabelText('Account Number')).toBeDisabled();
    expect(screen.getByLabelText('Account Number')).toHaveValue('123456789012');
    expect(screen.getByLabelText('PAN Number')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    expect(screen.queryByLabelText('Transaction Password')).toBeNull();
  });
});

describe('/Ecurrency', () => {
  it('proves the address is required, the transaction password goes as otp, and the server’s answer is a toast', async () => {
    signInMember();
    const api = mockApi({
      'POST /UserInformation': userInformation(),
      'POST /UpdateProfile': { data: { Result: 'Wallet Address Update Successfully' } },
    });
    renderApp('/Ecurrency');
    expect(await screen.findByRole('heading', { name: 'USDT BEP-20 Wallet' })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Update' }));
    expect(await screen.findAllByText('Please enter wallet address')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Wallet Address'), {
      target: { value: ' 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed ' },
    });
    fireEvent.change(screen.getByLabelText('Transaction Password'), { target: { value: 'Member@123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Wallet Address Update Successfully')).toBeInTheDocument();
    expect(api.callsTo('POST /UpdateProfile')[0]?.body).toEqual({
      type: 'ecurrency',
      uid: '482913',
      accountnumber: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      otp: 'Member@123',
      email: 'asha@example.com',
      IP_address: '',
    });
  });

  it('proves too many wrong transaction passwords read as the server says in English and in Hindi words in Hindi', async () => {
    const locked = {
      data: {
        Result: 'Too many wrong passwords. Try again after 15 minutes.',
        code: 'CREDENTIAL.CHECKS_LOCKED',
      },
    };
    const attempt = async () => {
      fireEvent.change(await screen.findByLabelText(/Wallet Address|वॉलेट पता/), {
        target: { value: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
      });
      fireEvent.change(screen.getByLabelText(/Transaction Password|ट्रांज़ैक्शन पासवर्ड/), {
        target: { value: 'guess-6' },
      });
      fireEvent.click(screen.getByRole('button', { name: /^(Update|अपडेट करें)$/ }));
    };
    signInMember();
    mockApi({ 'POST /UserInformation': userInformation(), 'POST /UpdateProfile': locked });
    const { unmount } = renderApp('/Ecurrency');
    await attempt();
    expect(await screen.findByText('Too many wrong passwords. Try again after 15 minutes.')).toBeInTheDocument();
    unmount();
    await i18n.changeLanguage('hi');
    renderApp('/Ecurrency');
    await attempt();
    expect(await screen.findByText('बहुत बार गलत पासवर्ड डाला गया। 15 मिनट बाद फिर से कोशिश करें।')).toBeInTheDocument();
  });

  it('proves a locked wallet is read-only', async () => {
    signInMember();
    mockApi({
      'POST /UserInformation': userInformation({
        wallet_locked: true,
        accountaddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      }),
    });
    renderApp('/Ecurrency');
    expect(await screen.findByTestId('locked-notice')).toHaveTextContent('Details Verified and Locked');
    expect(screen.getByLabelText('Wallet Address')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
  });

  it('proves the screen in Hindi', async () => {
    await i18n.changeLanguage('hi');
    signInMember();
    mockApi({ 'POST /UserInformation': userInformation({ wallet_locked: true }) });
    renderApp('/Ecurrency');
    expect(await screen.findByTestId('locked-notice')).toHaveTextContent('विवरण सत्यापित और लॉक किए गए');
    expect(screen.getByRole('navigation', { name: 'प्रोफ़ाइल सेटिंग्स' })).toBeInTheDocument();
  });
});

describe('static samples', () => {
  it.each([
    ['/EditBank', 'Bank Details', true],
    ['/mycrptaddr', 'BSC Wallet Address', false],
    ['/EditContact', 'Contact Details', true],
    ['/NewPassword', 'Edit Password', false],
  ])('proves %s (%s) says it sends nothing and makes no call', async (path, title, locked) => {
    signInMember();
    const api = mockApi({});
    renderApp(path);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByTestId('static-note')).toBeInTheDocument();
    if (locked) expect(screen.getByTestId('locked-notice')).toHaveTextContent('Details Verified and Locked');
    else {
      fireEvent.click(screen.getByRole('button', { name: 'Update' }));
      expect(await screen.findByText(/nothing was sent|Please fill in every field/)).toBeInTheDocument();
    }
    expect(api.calls).toHaveLength(0);
  });

  it("proves /myaccountsgen lists levels L1 to L15 and reads 'No data available in table'", async () => {
    signInMember();
    mockApi({});
    renderApp('/myaccountsgen');
    expect(await screen.findByRole('heading', { name: 'Generation Earnings' })).toBeInTheDocument();
    expect(screen.getByText('L1')).toBeInTheDocument();
    expect(screen.getByText('No data available in table')).toBeInTheDocument();
  });
});
