import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

/** The dashboard MENU's links, as the spec lists them (targets are built by later issues); labels are catalogue keys. */
export const MENU_LINKS: ReadonlyArray<{ to: string; label: string }> = [
  { to: '/SubscriptionHistory', label: 'menu.registrationHistory' },
  { to: '/LevelIncome', label: 'menu.levelIncome' },
  { to: '/MyReferral', label: 'menu.myDirect' },
  { to: '/LevelDetails', label: 'menu.myTeam' },
  { to: '/EpinHistory', label: 'menu.unusedEpins' },
  { to: '/UsedEpin', label: 'menu.usedEpins' },
  { to: '/OnlineFundRequest', label: 'menu.onlineRequest' },
  { to: '/OnlineFundRequestHistory', label: 'menu.onlineHistory' },
  { to: '/GatewayFundRequest', label: 'menu.gatewayRequest' },
  { to: '/GatewayFundRequestHistory', label: 'menu.gatewayHistory' },
  { to: '/EpinTransfer', label: 'menu.epinTransfer' },
  { to: '/EpinTransferHistory', label: 'menu.epinTransferHistory' },
  { to: '/Withdrawal', label: 'menu.withdrawal' },
  { to: '/WithdrawalHistory', label: 'menu.withdrawalHistory' },
  { to: '/Profile', label: 'menu.profile' },
  { to: '/News', label: 'menu.news' },
];

export function MemberMenu() {
  const { t } = useTranslation('dashboard');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        variant="contained"
        color="secondary"
        startIcon={<MenuIcon />}
        aria-haspopup="true"
        aria-controls={anchor ? 'member-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {t('menu.button')}
      </Button>
      <Menu id="member-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {MENU_LINKS.map((link) => (
          <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={() => setAnchor(null)}>
            {t(link.label)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
