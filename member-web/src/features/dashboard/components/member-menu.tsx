import { useState, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { containedLook, startIconLook } from '../../../components/ui/plain-buttons';
import { lazyPart } from '../../../lib/lazy-part';

// The popup's code (MUI's Menu stack) is fetched once the button shows, not before the first paint.
const MemberMenuList = lazyPart(() => import('./member-menu-list').then((m) => m.MemberMenuList));

/**
 * The dashboard MENU: every member screen of the spec, grouped (issue 20: the spec's menu lacked the
 * e-pin request and its history, activation, support, the team and the bank details). Labels and
 * group titles are catalogue keys. The spec's sixteen links keep their relative order.
 */
export const MENU_GROUPS: ReadonlyArray<{ title: string; links: ReadonlyArray<{ to: string; label: string }> }> = [
  {
    title: 'menu.groupTeam',
    links: [
      { to: '/SubscriptionHistory', label: 'menu.registrationHistory' },
      { to: '/LevelIncome', label: 'menu.levelIncome' },
      { to: '/MyReferral', label: 'menu.myDirect' },
      { to: '/LevelDetails', label: 'menu.myTeam' },
      { to: '/MyTeam', label: 'menu.wholeTeam' },
    ],
  },
  {
    title: 'menu.groupEpins',
    links: [
      { to: '/EpinHistory', label: 'menu.unusedEpins' },
      { to: '/UsedEpin', label: 'menu.usedEpins' },
      { to: '/OnlineFundRequest', label: 'menu.onlineRequest' },
      { to: '/OnlineFundRequestHistory', label: 'menu.onlineHistory' },
      { to: '/GatewayFundRequest', label: 'menu.gatewayRequest' },
      { to: '/GatewayFundRequestHistory', label: 'menu.gatewayHistory' },
      { to: '/EpinTransfer', label: 'menu.epinTransfer' },
      { to: '/EpinTransferHistory', label: 'menu.epinTransferHistory' },
      { to: '/FundRequestBank', label: 'menu.bankRequest' },
      { to: '/FundRequestHistoryBank', label: 'menu.bankRequestHistory' },
      { to: '/Activation', label: 'menu.activation' },
    ],
  },
  {
    title: 'menu.groupHelp',
    links: [
      { to: '/PHRecivePayment', label: 'menu.pendingPh' },
      { to: '/GHRecivePayment', label: 'menu.pendingGh' },
      { to: '/PHRecivePaymentPaid', label: 'menu.paidPh' },
      { to: '/GHRecivePaymentPaid', label: 'menu.paidGh' },
      { to: '/PHRecivePaymentCancel', label: 'menu.cancelPh' },
      { to: '/GHRecivePaymentCancel', label: 'menu.cancelGh' },
    ],
  },
  {
    title: 'menu.groupWallet',
    links: [
      { to: '/Withdrawal', label: 'menu.withdrawal' },
      { to: '/WithdrawalHistory', label: 'menu.withdrawalHistory' },
    ],
  },
  {
    title: 'menu.groupAccount',
    links: [
      { to: '/Profile', label: 'menu.profile' },
      { to: '/Updatebank', label: 'menu.bankDetails' },
      { to: '/Ecurrency', label: 'menu.wallet' },
      { to: '/ChangePassword', label: 'menu.changePassword' },
      { to: '/transactionPassword', label: 'menu.transactionPassword' },
      { to: '/News', label: 'menu.news' },
      { to: '/Support', label: 'menu.support' },
    ],
  },
];

/** Every link of the MENU, in its order. */
export const MENU_LINKS: ReadonlyArray<{ to: string; label: string }> = MENU_GROUPS.flatMap((group) => group.links);

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
        groups={MENU_GROUPS.map((group) => ({
          title: t(group.title),
          links: group.links.map((link) => ({ to: link.to, label: t(link.label) })),
        }))}
        onClose={() => setAnchor(null)}
      />
    </>
  );
}
