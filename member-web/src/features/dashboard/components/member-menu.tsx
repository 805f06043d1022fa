import { useState } from 'react';
import Button from '@mui/material/Button';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../../lib/lazy-part';

// The popup's code (MUI's Menu stack) is fetched once the button shows, not before the first paint.
const MemberMenuList = lazyPart(() => import('./member-menu-list').then((m) => m.MemberMenuList));

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
      <MemberMenuList
        anchor={anchor}
        links={MENU_LINKS.map((link) => ({ to: link.to, label: t(link.label) }))}
        onClose={() => setAnchor(null)}
      />
    </>
  );
}
