import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { PageShell } from '../../../components/ui/page-shell';
import { LoadFailed, LoadingBlock } from '../../../components/ui/load-states';
import { useUserInformation, type InfoLoad } from './use-profile';
import type { UserInformation } from '../api/profile-api';

/** The settings side menu (spec §2): Profile Info, Change Password, Transaction Password, USDT wallet, bank details. */
export const SETTINGS_MENU = [
  { to: '/ProfileSetting', label: 'menuProfileInfo' },
  { to: '/ChangePassword', label: 'menuChangePassword' },
  { to: '/transactionPassword', label: 'menuTransactionPassword' },
  { to: '/Ecurrency', label: 'menuWallet' },
  { to: '/Updatebank', label: 'menuBank' },
] as const;

/**
 * A settings screen: its side menu (above the form on a phone, beside it from 900 px) and the form.
 * With `load`, the form waits for UserInformation: a spinner, then the form or a retry.
 */
export function SettingsShell({
  title,
  load,
  reload,
  children,
}: {
  title: string;
  load?: InfoLoad;
  reload?: () => void;
  children: ReactNode | ((info: UserInformation) => ReactNode);
}) {
  const { t } = useTranslation('profile');
  const { pathname } = useLocation();
  let body: ReactNode;
  if (!load) body = typeof children === 'function' ? null : children;
  else if (load.state === 'loading') body = <LoadingBlock label={t('loading')} />;
  else if (load.state === 'failed')
    body = <LoadFailed message={t('loadFailed')} retry={t('retry')} onRetry={() => reload?.()} />;
  else body = typeof children === 'function' ? children(load.info) : children;
  return (
    <PageShell title={title} maxWidth="md">
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 2, alignItems: 'flex-start' }}>
        <Paper component="nav" aria-label={t('settingsMenu')} sx={{ width: { xs: '100%', md: 240 }, flexShrink: 0 }}>
          <List dense disablePadding>
            {SETTINGS_MENU.map((item) => (
              <ListItemButton
                key={item.to}
                component={RouterLink}
                to={item.to}
                selected={pathname.toLowerCase() === item.to.toLowerCase()}
              >
                <ListItemText primary={t(item.label)} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
        <Paper sx={{ p: { xs: 2, sm: 3 }, flex: 1, width: '100%', minWidth: 0 }}>{body}</Paper>
      </Box>
    </PageShell>
  );
}

/** A settings screen whose form edits what UserInformation holds: read on open, the form once it is in. */
export function InfoSettingsPage({
  title,
  children,
}: {
  title: string;
  children: (info: UserInformation, reload: () => void) => ReactNode;
}) {
  const { load, reload } = useUserInformation();
  return (
    <SettingsShell title={title} load={load} reload={reload}>
      {(info) => children(info, reload)}
    </SettingsShell>
  );
}
