import type { ReactNode } from 'react';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { Box, Typography } from '@mui/material';
import { AppBar, Layout, Menu, TitlePortal, usePermissions, useTranslate } from 'react-admin';
import { SahyogLogo } from './branding/SahyogLogo';
import { pagesFor, type PageName } from './resources';

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

/** Sahyog's mark and name on the left of the bar, then the page title (hidden on a phone, where space is short). */
export const SahyogAppBar = () => {
  const translate = useTranslate();
  return (
    <AppBar color="primary">
      <Box data-testid="sahyog-brand" sx={{ display: 'flex', alignItems: 'center', gap: 1, mr: 2 }}>
        <SahyogLogo size={28} alt="" />
        <Typography component="span" variant="h6" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
          {translate('sahyog.brand.name')}
        </Typography>
      </Box>
      <TitlePortal sx={{ display: { xs: 'none', sm: 'block' } }} />
    </AppBar>
  );
};

export const SahyogLayout = ({ children }: { children: ReactNode }) => (
  <Layout menu={SahyogMenu} appBar={SahyogAppBar}>
    {children}
  </Layout>
);
