import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MenuIcon from '@mui/icons-material/Menu';
import { Link as RouterLink } from 'react-router-dom';

/** The dashboard MENU's links, as the spec lists them (targets are built by later issues). */
export const MENU_LINKS: ReadonlyArray<{ to: string; label: string }> = [
  { to: '/SubscriptionHistory', label: 'Registration History' },
  { to: '/LevelIncome', label: 'Level Income' },
  { to: '/MyReferral', label: 'My Direct' },
  { to: '/LevelDetails', label: 'My Team' },
  { to: '/EpinHistory', label: 'Unused Epin List' },
  { to: '/UsedEpin', label: 'Used Epin List' },
  { to: '/OnlineFundRequest', label: 'Online Epin Request' },
  { to: '/OnlineFundRequestHistory', label: 'Online Epin Request History' },
  { to: '/GatewayFundRequest', label: 'Gateway Epin Request' },
  { to: '/GatewayFundRequestHistory', label: 'Gateway Epin Request History' },
  { to: '/EpinTransfer', label: 'Epin Transfer' },
  { to: '/EpinTransferHistory', label: 'Epin Transfer History' },
  { to: '/Withdrawal', label: 'Withdrawal' },
  { to: '/WithdrawalHistory', label: 'Withdrawal History' },
  { to: '/Profile', label: 'Profile' },
  { to: '/News', label: 'News' },
];

export function MemberMenu() {
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
        MENU
      </Button>
      <Menu id="member-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {MENU_LINKS.map((link) => (
          <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={() => setAnchor(null)}>
            {link.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
