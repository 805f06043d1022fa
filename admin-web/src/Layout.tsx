import type { ReactNode } from 'react';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { Layout, Menu, usePermissions } from 'react-admin';
import { canSee } from './roles';

/** The resources the role may see (registered in App.tsx), then the ledger verification page. */
export const SahyogMenu = () => {
  const { permissions } = usePermissions();
  return (
    <Menu>
      <Menu.ResourceItems />
      {canSee(permissions, 'ledger') ? (
        <Menu.Item to="/ledger" primaryText="sahyog.ledger.menu" leftIcon={<VerifiedUserIcon />} />
      ) : null}
    </Menu>
  );
};

export const SahyogLayout = ({ children }: { children: ReactNode }) => <Layout menu={SahyogMenu}>{children}</Layout>;
