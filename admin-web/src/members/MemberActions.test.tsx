import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, RecordContextProvider, usePermissions } from 'react-admin';
import { authProvider } from '../authProvider';
import { dataProvider } from '../dataProvider';
import { i18nProvider } from '../i18nProvider';
import { saveSession, type AdminRole } from '../session';
import { jsonResponse, mockFetch } from '../test/fetchMock';
import { BlockToggleButton, ImpersonateButton } from './MemberActions';

afterEach(() => vi.unstubAllGlobals());

/** Shows the role once react-admin has loaded it, so a test can wait for permissions. */
const RoleProbe = () => {
  const { permissions } = usePermissions();
  return <span>{`role:${String(permissions)}`}</span>;
};

function renderForMember(member: { id: string; name: string; blocked: boolean }, role: AdminRole = 'support') {
  saveSession({ token: 'jwt-abc', username: 'asha', role });
  render(
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider}>
      <RecordContextProvider value={member}>
        <BlockToggleButton />
        <ImpersonateButton />
      </RecordContextProvider>
      <RoleProbe />
      <Notification />
    </AdminContext>,
  );
}

describe('member actions', () => {
  it('posts the remark to /admin-api/members/:uid/block with the admin token', async () => {
    // Proves: Block asks for a remark and sends exactly {remark} to the block call.
    const { calls } = mockFetch((call) =>
      call.method === 'POST' ? jsonResponse({ id: '482913', blocked: true }) : undefined,
    );
    renderForMember({ id: '482913', name: 'Asha Rao', blocked: false });

    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    const confirm = await screen.findByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Remark' }), '  Fake UTR reported twice ');
    await userEvent.click(confirm);

    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/admin-api/members/482913/block');
    expect(post?.body).toEqual({ remark: 'Fake UTR reported twice' });
    expect(post?.headers.get('Authorization')).toBe('Bearer jwt-abc');
    await screen.findByText('Member blocked');
  });

  it('offers Unblock for a blocked member and posts to the unblock call', async () => {
    // Proves: a blocked member shows Unblock (not Block), which posts its remark to /unblock.
    const { calls } = mockFetch((call) =>
      call.method === 'POST' ? jsonResponse({ id: '482913', blocked: false }) : undefined,
    );
    renderForMember({ id: '482913', name: 'Asha Rao', blocked: true });

    expect(screen.queryByRole('button', { name: 'Block' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Unblock' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Remark' }), 'Cleared by support');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/admin-api/members/482913/unblock',
      body: { remark: 'Cleared by support' },
    });
  });

  it('opens the impersonation URL from the API in a new tab', async () => {
    // Proves: "Log in as" posts to /impersonate and opens the answered relative URL with window.open.
    mockFetch((call) =>
      call.method === 'POST' && call.url === '/admin-api/members/482913/impersonate'
        ? jsonResponse({ token: 'one-use', url: '/AdminLogin?token=one-use' })
        : undefined,
    );
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    renderForMember({ id: '482913', name: 'Asha Rao', blocked: false });

    await userEvent.click(await screen.findByRole('button', { name: 'Log in as' }));

    await waitFor(() => expect(open).toHaveBeenCalledWith('/AdminLogin?token=one-use', '_blank'));
  });

  it('offers no "Log in as" to an approver', async () => {
    // Proves: impersonation is shown only to support and superadmin, as the API allows.
    mockFetch();
    renderForMember({ id: '482913', name: 'Asha Rao', blocked: false }, 'approver');

    await screen.findByText('role:approver');
    expect(screen.getByRole('button', { name: 'Block' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log in as' })).toBeNull();
  });
});
