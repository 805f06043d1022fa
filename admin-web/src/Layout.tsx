import type { ReactNode } from 'react';
import ChecklistIcon from '@mui/icons-material/Checklist';
import KeyIcon from '@mui/icons-material/Key';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { Box, Chip, Typography } from '@mui/material';
import {
  AppBar,
  Layout,
  Logout,
  Menu,
  MenuItemLink,
  TitlePortal,
  UserMenu,
  usePermissions,
  useGetList,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import { TOTP_PATH } from './authProvider';
import { SahyogLogo } from './branding/SahyogLogo';
import { pagesFor, resourcesFor, type PageName } from './resources';
import { PASSWORD_PAGE } from './session';
import { hasTodo } from './todo/roles';

const PAGE_ICONS: Record<PageName, ReactNode> = { ledger: <VerifiedUserIcon /> };

/** How often the menu re-reads the number of requests waiting for a second admin. */
const FOUR_EYES_POLL_MS = 60_000;

/** "Four eyes (n)": the requests waiting for a second admin (not expired), read with the list's filter. */
export const FourEyesMenuItem = () => {
  const translate = useTranslate();
  const { total } = useGetList(
    'four-eyes',
    { filter: { status: 'Pending' }, pagination: { page: 1, perPage: 1 } },
    { refetchInterval: FOUR_EYES_POLL_MS },
  );
  const label = translate('resources.four-eyes.menu');
  // The count shows only when something waits (a zero would be noise in every menu).
  return (
    <Menu.ResourceItem
      name="four-eyes"
      primaryText={
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
          {label}
          {total ? (
            <Chip
              component="span"
              size="small"
              color="warning"
              label={total}
              data-testid="four-eyes-pending"
              aria-label={translate('resources.four-eyes.pending_count', { smart_count: total })}
            />
          ) : null}
        </Box>
      }
    />
  );
};

/** To do first for approvers and superadmins, then the resources the role may see (registered in App.tsx from src/resources.ts), then its pages. */
export const SahyogMenu = () => {
  const { permissions } = usePermissions();
  return (
    <Menu>
      {hasTodo(permissions) ? <Menu.DashboardItem primaryText="sahyog.todo.menu" leftIcon={<ChecklistIcon />} /> : null}
      {resourcesFor(permissions).map(({ name }) =>
        name === 'four-eyes' ? <FourEyesMenuItem key={name} /> : <Menu.ResourceItem key={name} name={name} />,
      )}
      {pagesFor(permissions).map((page) => (
        <Menu.Item key={page.name} to={page.path} primaryText={page.label} leftIcon={PAGE_ICONS[page.name]} />
      ))}
    </Menu>
  );
};

/** Kept for screen readers, not drawn (the pattern of MUI's `visuallyHidden`). */
const VISUALLY_HIDDEN = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/**
 * Sahyog's mark and name on the left of the bar, then the page title. On a phone, where space is
 * short, the mark stands for the name (still read out) and the page title shows, cut with an ellipsis.
 */
/** The user menu's entry to the admin's own two-step sign-in; the menu closes as the page opens. */
const TotpMenuItem = () => {
  const userMenu = useUserMenu();
  return (
    <MenuItemLink
      to={TOTP_PATH}
      primaryText="sahyog.totp.menu"
      leftIcon={<PhonelinkLockIcon />}
      onClick={() => userMenu?.onClose()}
    />
  );
};

/** The user menu's entry to the admin's own password change; the menu closes as the page opens. */
const PasswordMenuItem = () => {
  const userMenu = useUserMenu();
  return (
    <MenuItemLink
      to={PASSWORD_PAGE}
      primaryText="sahyog.password.menu"
      leftIcon={<KeyIcon />}
      onClick={() => userMenu?.onClose()}
    />
  );
};

/**
 * The signed-in admin's own settings: password, two-step sign-in, then Logout (which ends the token
 * server-side: authProvider.logout).
 */
const SahyogUserMenu = () => (
  <UserMenu>
    <PasswordMenuItem />
    <TotpMenuItem />
    <Logout />
  </UserMenu>
);

export const SahyogAppBar = () => {
  const translate = useTranslate();
  return (
    <AppBar color="primary" userMenu={<SahyogUserMenu />}>
      <Box data-testid="sahyog-brand" sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: { xs: 1, sm: 2 } }}>
        <SahyogLogo size={28} alt="" />
        <Typography
          component="span"
          variant="h6"
          sx={(theme) => ({ fontWeight: 700, whiteSpace: 'nowrap', [theme.breakpoints.down('sm')]: VISUALLY_HIDDEN })}
        >
          {translate('sahyog.brand.name')}
        </Typography>
      </Box>
      <TitlePortal data-testid="page-title" sx={{ minWidth: 0 }} />
    </AppBar>
  );
};

export const SahyogLayout = ({ children }: { children: ReactNode }) => (
  <Layout menu={SahyogMenu} appBar={SahyogAppBar}>
    {children}
  </Layout>
);
