import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';

/**
 * Sahyog's own labels. react-admin looks up `resources.<name>.name` for menu and titles and
 * `resources.<name>.fields.<source>` for field and input labels.
 * Labels that end-to-end tests drive (Search, Block, Unblock, Log in as, Remark, Confirm,
 * Verify ledger) are listed in docs/admin-web.md: change them there too.
 */
const sahyogMessages = {
  resources: {
    members: {
      name: 'Member |||| Members',
      fields: {
        id: 'User id',
        uid: 'User id',
        name: 'Name',
        mobile: 'Mobile',
        email: 'Email',
        sponsor: 'Sponsor',
        sponsor_name: 'Sponsor name',
        status: 'Status',
        blocked: 'Blocked',
        registered_at: 'Registered',
        activated_at: 'Activated',
        last_login_at: 'Last login',
        isagree: 'Disclaimer agreed',
        directs: 'Direct referrals',
        team: 'Team size',
        country: 'Country',
        city: 'City',
        state: 'State',
        upi: 'UPI number',
        wallet_address: 'Wallet address (BEP-20)',
        events: 'Events',
        position: 'Position',
        type: 'Type',
        recorded_at: 'Recorded at',
        payload: 'Payload',
      },
      filters: { search: 'Search' },
      sections: { profile: 'Profile', sponsor: 'Sponsor', account: 'Account', events: 'Event history' },
      status: { Active: 'Active', Inactive: 'Inactive' },
      actions: {
        block: 'Block',
        unblock: 'Unblock',
        impersonate: 'Log in as',
        remark: 'Remark',
        confirm: 'Confirm',
        block_title: 'Block member %{uid}',
        unblock_title: 'Unblock member %{uid}',
        remark_help: 'Recorded in the ledger with your name.',
        remark_required: 'Please enter a remark',
        blocked: 'Member blocked',
        unblocked: 'Member unblocked',
        impersonate_opened: 'Opened the member site in a new tab',
        impersonate_popup_blocked: 'The browser blocked the new tab. Open this link within 60 seconds: %{url}',
      },
      no_events: 'No events recorded for this member.',
    },
    'admin-users': {
      name: 'Admin user |||| Admin users',
      fields: {
        id: 'Username',
        username: 'Username',
        password: 'Password',
        new_password: 'New password',
        role: 'Role',
        disabled: 'Disabled',
        created_at: 'Created',
        last_login_at: 'Last login',
      },
      password_help: 'Leave empty to keep the current password.',
      username_rule: '3 to 40 lower-case letters, digits, _ . -, starting with a letter',
    },
    events: {
      name: 'Event |||| Events',
      fields: {
        id: 'Position',
        position: 'Position',
        stream_id: 'Stream',
        stream_version: 'Version',
        type: 'Type',
        recorded_at: 'Recorded at',
        hash: 'Hash',
        payload: 'Payload',
        metadata: 'Metadata',
      },
    },
    mails: {
      name: 'Mail |||| Mails',
      fields: { id: 'Id', to: 'To', subject: 'Subject', body: 'Body', created_at: 'Sent at' },
    },
  },
  sahyog: {
    roles: { superadmin: 'Super admin', approver: 'Approver', support: 'Support', auditor: 'Auditor' },
    yes: 'Yes',
    no: 'No',
    auth: {
      invalid: 'Invalid username or password',
      too_many: 'Too many attempts. Please try again later.',
      failed: 'Login failed. Please try again.',
      unreachable: 'The server cannot be reached',
    },
    ledger: {
      menu: 'Ledger',
      title: 'Ledger verification',
      intro:
        'Checks every stream hash chain and checkpoint digest, that postings sum to zero and that no e-pin is used twice.',
      verify: 'Verify ledger',
      running: 'Verifying…',
      ok: 'Ledger verified: no tampering found',
      failed: 'Ledger verification FAILED',
      first_bad: 'First bad event: #%{position} in stream %{stream_id}',
      reason: 'Reason: %{reason}',
      events_checked: 'Events checked',
      streams_checked: 'Streams checked',
      checkpoints_checked: 'Checkpoints checked',
      postings_checked: 'Postings checked',
      other_problems: 'Other problems found',
      error: 'Could not run the verification: %{message}',
    },
  },
};

export const messages = { ...englishMessages, ...sahyogMessages };

export const i18nProvider = polyglotI18nProvider(() => messages, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: true,
});
