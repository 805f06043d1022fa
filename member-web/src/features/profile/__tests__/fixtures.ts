/** UserInformation as the server answers it for a member with nothing saved yet (or `overrides`). */
export function userInformation(overrides: Record<string, unknown> = {}) {
  return {
    data: [
      {
        uid: '482913',
        f_name: 'Asha Rao',
        email: 'asha@example.com',
        mobile: '9876543210',
        countryid: 101,
        country_name: 'India',
        statename: 'Maharashtra',
        districtname: '',
        cityname: '',
        pincode: '',
        nominee_name: '',
        nominee_relation: '',
        accountaddress: '',
        accountnumber: '',
        holder: '',
        ifsc: '',
        bank_name: '',
        branch: '',
        PAN: '',
        AAdhar: '',
        GPay: 'asha@upi',
        bank_locked: false,
        wallet_locked: false,
        ...overrides,
      },
    ],
  };
}

export const STATES = {
  data: [
    [
      { id: 'MH', name: 'Maharashtra' },
      { id: 'DH', name: 'Dadra and Nagar Haveli and Daman and Diu' },
    ],
  ],
};
export const MH_DISTRICTS = {
  data: [
    [
      { id: 'Nashik', name: 'Nashik' },
      { id: 'Pune', name: 'Pune' },
    ],
  ],
};

/** getregion: the states, or Maharashtra's districts. */
export const regions = (call: { body: unknown }) =>
  (call.body as { regiontype?: string }).regiontype === 'State' ? STATES : MH_DISTRICTS;
