import { useState, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { containedLook, startIconLook } from '../../../components/ui/plain-buttons';
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
      <Box
        component="button"
        type="button"
        aria-haspopup="true"
        aria-controls={anchor ? 'member-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        sx={containedLook('secondary', true)}
      >
        {/* Material's Menu icon, as MUI's startIcon draws it. */}
        <Box component="span" sx={startIconLook}>
          <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
            <path d="M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z" />
          </svg>
        </Box>
        {t('menu.button')}
      </Box>
      <MemberMenuList
        anchor={anchor}
        links={MENU_LINKS.map((link) => ({ to: link.to, label: t(link.label) }))}
        onClose={() => setAnchor(null)}
      />
    </>
  );
}
