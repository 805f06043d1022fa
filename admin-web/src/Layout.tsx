import type { ReactNode } from 'react';
import KeyIcon from '@mui/icons-material/Key';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { Box, Typography } from '@mui/material';
import {
  AppBar,
  Layout,
  Logout,
  Menu,
  MenuItemLink,
  TitlePortal,
  UserMenu,
  usePermissions,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import { TOTP_PATH } from './authProvider';
import { SahyogLogo } from './branding/SahyogLogo';
import { pagesFor, type PageName } from './resources';
import { PASSWORD_PAGE } from './session';

const PAGE_ICONS: Record<PageName, ReactNode> = { ledger: <VerifiedUserIcon /> };

/** The resources the role may see (registered in App.tsx from src/resources.ts), then its pages. */
export const SahyogMenu = () => {
  const { permissions } = usePermissions();
  return (
    <Menu>
      <Menu.ResourceItems />
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
