import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/ui/load-states';
import { Spinner } from '../../../components/ui/spinner';
import { containedLook, outlinedLook, toggleLook } from '../../../components/ui/plain-buttons';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { lazyPart } from '../../../lib/lazy-part';
import { ForcedLogoutError } from '../../../lib/api-client';
import { setDisplayCurrency, useDisplayCurrency } from '../../../lib/display-currency';
import { formatAmount, type DisplayCurrency } from '../../../lib/money';
import { signOut, useSession } from '../../../lib/session';
import { fetchFirstEpin } from '../api/activation-epin';
import { useDashboardSummary, type DashboardSummary } from '../api/user-dashboard';
import { formatDate } from '../../../lib/format-date';
import { HelpRequestButtons } from './help-request-dialog';
import { MemberMenu } from './member-menu';
import { ReferralLink } from './referral-link';
import { StatCard, statCardsLook } from './stat-card';

// The logout confirmation reuses the help request's confirm dialog (its own chunk, fetched after the first paint).
const HelpConfirmDialog = lazyPart(() => import('./help-confirm-dialog').then((m) => m.HelpConfirmDialog));

// The 'Insufficient Epin !!' alert's code (MUI's Dialog stack) is fetched after the first paint.
const AcknowledgeDialog = lazyPart(() =>
  import('../../../components/ui/acknowledge-dialog').then((m) => m.AcknowledgeDialog),
);

interface Props {
  /** Rendered over the dashboard once the summary is in (the app puts the disclaimer popup here). */
  overlay?: (summary: DashboardSummary) => ReactNode;
  /** Rendered under the member's figures from the start (the app puts the links that need the member here). */
  urgent?: ReactNode;
  /** Rendered under the summary cards once the summary is in (the app puts the help logs and queue card here). */
  sections?: (summary: DashboardSummary) => ReactNode;
  /** Shown in the 'Insufficient Epin !!' alert under its detail (the app puts the ways to get an e-pin here). */
  noEpinHelp?: ReactNode;
}

/** Status in the member's language when the server's word is known, otherwise as sent. */
function useStatusText(status: string): string {
  const { t } = useTranslation('dashboard');
  if (status === 'Active' || status === 'Inactive' || status === '')
    return t(status === 'Active' ? 'cards.active' : 'cards.inactive');
  return status;
}

/**
 * The first screen's two figures (issue 20 §9): status (Active green, otherwise red) and net
 * balance, above the links that need the member; the other cards are in the grid further down.
 */
function TopFigures({ summary, currency }: { summary: DashboardSummary; currency: DisplayCurrency }) {
  const { t } = useTranslation('dashboard');
  const statusText = useStatusText(summary.Activestatus);
  return (
    <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: '1fr 1.4fr', ...compactCardsLook }}>
      <StatCard
        title={t('cards.status')}
        value={statusText}
        tone={summary.Activestatus === 'Active' ? 'success' : 'error'}
        testId="member-status"
      />
      <StatCard
        title={t('cards.netBalance')}
        value={formatAmount(summary.Net_Balance, currency)}
        testId="net-balance"
      />
    </Box>
  );
}

/** The cards a little tighter than the summary's default (the first screen of a phone must hold them). */
const compactCardsLook = {
  ...statCardsLook,
  '& .stat-card': { ...statCardsLook['& .stat-card'], p: 1.5, pb: 1.5 },
  '& .stat-card p': { ...statCardsLook['& .stat-card p'], lineHeight: 1.3 },
} as const;

/** The spec's other cards, in a compact grid below the first screen. */
function SummaryCards({ summary, currency }: { summary: DashboardSummary; currency: DisplayCurrency }) {
  const { t } = useTranslation('dashboard');
  const money = (rupees: string) => formatAmount(rupees, currency);
  const cards: Array<{ title: string; value: ReactNode; to?: string; tone?: 'success' | 'error'; testId?: string }> = [
    { title: t('cards.registrationDate'), value: formatDate(summary.RegDate) },
    { title: t('cards.activationDate'), value: formatDate(summary.ActDate) },
    { title: t('cards.myDirects'), value: summary.totalrefferal || '0', to: '/MyReferral' },
    { title: t('cards.myTeam'), value: summary.totalteam || '0', to: '/MyTeam' },
    { title: t('cards.myPh'), value: money(summary.totalphamount), to: '/PHRecivePaymentPaid', testId: 'my-ph' },
    { title: t('cards.myGh'), value: money(summary.totalghamount), to: '/GHRecivePaymentPaid', testId: 'my-gh' },
    // The server's figures as sent: TeamIncome = level income, TotalIncome = every income account.
    { title: t('cards.teamIncome'), value: money(summary.TeamIncome), to: '/LevelIncome', testId: 'team-income' },
    { title: t('cards.totalIncome'), value: money(summary.TotalIncome), to: '/LevelIncome', testId: 'total-income' },
    {
      title: t('cards.totalWithdrawal'),
      value: money(summary.totalWithdrawal),
      to: '/WithdrawalHistory',
      testId: 'total-withdrawal',
    },
    { title: t('cards.todayWithdrawal'), value: money(summary.TodayWithdrawal), to: '/WithdrawalHistory' },
  ];
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' },
        ...compactCardsLook,
      }}
    >
      {cards.map((card) => (
        <StatCard key={card.title} {...card} />
      ))}
    </Box>
  );
}

const DISPLAY_CURRENCIES: readonly DisplayCurrency[] = ['INR', 'USD'];

/** Only an https link is ever opened (the server checks the setting too); anything else falls back to /Support. */
export const isChatLink = (url: string): boolean => /^https:\/\/[^\s/?#]+\.[^\s]+$/.test(url);

/**
 * CONTACT ADMIN (spec §2: the admin's chat link): the `contactAdminUrl` setting opened in a new
 * tab; without one set, the help desk at /Support — never a dead button.
 */
function ContactAdminButton({ url }: { url: string }) {
  const { t } = useTranslation('dashboard');
  if (isChatLink(url))
    return (
      <Box component="a" href={url} target="_blank" rel="noopener noreferrer" sx={outlinedLook('info', true)}>
        {t('contactAdmin')}
      </Box>
    );
  return (
    <Box component={RouterLink} to="/Support" sx={outlinedLook('info', true)}>
      {t('contactAdmin')}
    </Box>
  );
}

/** The grid of the spec's buttons (two columns on a phone), each a small MUI button look. */
const actionGridLook = {
  display: 'grid',
  gap: 1,
  gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' },
  '& > *': { minHeight: 40, textAlign: 'center', lineHeight: 1.3 },
} as const;

/**
 * /dashboard, built around what needs doing (issue 20 §9). The first screen of a 390×844 phone holds
 * who the member is, their status and net balance, and the help links that need them now (`urgent`:
 * a PH link to pay with its countdown, a GH link to confirm), each one tap from its detail. Below it,
 * the spec's buttons in a compact grid, the referral link, the summary cards and the logs. Logout is
 * beside the member's name, far from MENU, and asks first.
 */
export function DashboardPage({ overlay, urgent, sections, noEpinHelp }: Props) {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const session = useSession();
  const { load, reload } = useDashboardSummary(session.userId);
  // Shared with Level Income for this visit (not stored).
  const currency = useDisplayCurrency();
  const [findingEpin, setFindingEpin] = useState(false);
  // Spec §8: 'Insufficient Epin !!' is an alert the member acknowledges. The detail outlives the
  // closing so the text does not change during the exit transition.
  const [noEpin, setNoEpin] = useState({ open: false, message: '' });
  const showNoEpin = (message: string) => setNoEpin({ open: true, message });
  const [askLogout, setAskLogout] = useState(false);

  function logout() {
    setAskLogout(false);
    signOut();
    navigate('/login');
  }

  /** ACTIVATE ID: open /Activation with the caller's oldest unused e-pin, or say there is none. */
  async function activateWithFirstEpin() {
    if (findingEpin) return;
    setFindingEpin(true);
    try {
      const found = await fetchFirstEpin(session.userId);
      if (found) navigate(`/Activation?${new URLSearchParams({ pin: found.epin, type: found.epintype }).toString()}`);
      else showNoEpin(t('noEpinToActivate'));
    } catch (error) {
      if (error instanceof ForcedLogoutError) return;
      console.error('e-pin look-up failed', error);
      showNoEpin(t('noEpinToActivate'));
    } finally {
      setFindingEpin(false);
    }
  }

  const summary = load.state === 'ready' ? load.summary : null;
  const uid = summary?.uid || session.userId;
  const name = summary?.f_name || session.username;
  const impersonated = session.impersonated || summary?.impersonated === true;

  return (
    <Container component="main" maxWidth="lg" sx={{ py: 2, display: 'grid', gap: 2 }}>
      {impersonated ? (
        <Alert severity="warning" role="alert">
          {t('impersonated')}
        </Alert>
      ) : null}

      <Paper component="section" aria-labelledby="dashboard-title" sx={{ p: { xs: 1.5, md: 2 } }}>
        <Stack direction="row" alignItems="flex-start" justifyContent="space-between" spacing={1} sx={{ mb: 1 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography
              id="dashboard-title"
              component="h1"
              sx={{ typography: 'overline', lineHeight: 1.6, color: 'text.secondary' }}
            >
              {t('title')}
            </Typography>
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              <span data-testid="member-name">{name}</span>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('memberId')} <strong data-testid="member-uid">{uid}</strong>
            </Typography>
          </Box>
          <Box
            component="button"
            type="button"
            onClick={() => setAskLogout(true)}
            sx={{ ...outlinedLook('error', true), flexShrink: 0 }}
          >
            {t('logout')}
          </Box>
        </Stack>
        {summary ? <TopFigures summary={summary} currency={currency} /> : null}
        {load.state === 'loading' ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 2 }}>
            <Spinner label={t('loadingDashboard')} />
          </Box>
        ) : null}
        {load.state === 'failed' ? <LoadFailed message={t('loadFailed')} retry={t('retry')} onRetry={reload} /> : null}
      </Paper>

      {urgent}

      {/* Plain elements with MUI's Button look (components/ui/plain-buttons.ts; decision 0030). */}
      <Box component="nav" aria-label={t('actions')} sx={actionGridLook}>
        {summary ? (
          <HelpRequestButtons
            uid={uid}
            active={summary.Activestatus === 'Active'}
            onDone={reload}
            onNoEpin={showNoEpin}
          />
        ) : null}
        <Box
          component="button"
          type="button"
          onClick={() => void activateWithFirstEpin()}
          disabled={findingEpin}
          sx={containedLook('success', true)}
        >
          {t('activateId')}
        </Box>
        <MemberMenu />
        <Box component="a" href="/signup" target="_blank" rel="noopener" sx={outlinedLook('primary', true)}>
          {t('register')}
        </Box>
        <Box component={RouterLink} to="/Support" sx={outlinedLook('primary', true)}>
          {t('support')}
        </Box>
        <ContactAdminButton url={summary?.contactAdminUrl ?? ''} />
      </Box>

      <Paper sx={{ p: { xs: 1.5, md: 2 } }}>
        <ReferralLink uid={uid} />
      </Paper>

      <Box>
        <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 1 }}>
          <Typography variant="h6" component="h2">
            {t('summary')}
          </Typography>
          {/* MUI's ToggleButtonGroup (exclusive, small) as two plain toggle buttons in a labelled group. */}
          <Box role="group" aria-label={t('displayCurrency')} sx={{ display: 'inline-flex' }}>
            {DISPLAY_CURRENCIES.map((code, index) => (
              <Box
                component="button"
                type="button"
                key={code}
                aria-pressed={code === currency}
                onClick={() => {
                  if (code !== currency) setDisplayCurrency(code);
                }}
                sx={toggleLook(index === 0, index === DISPLAY_CURRENCIES.length - 1)}
              >
                {code}
              </Box>
            ))}
          </Box>
        </Stack>
        {summary ? <SummaryCards summary={summary} currency={currency} /> : null}
      </Box>
      {summary && sections ? <Box>{sections(summary)}</Box> : null}
      {summary && overlay ? overlay(summary) : null}
      <AcknowledgeDialog
        open={noEpin.open}
        title={t('insufficientEpin')}
        message={noEpin.message}
        onClose={() => setNoEpin((current) => ({ ...current, open: false }))}
      >
        {noEpinHelp}
      </AcknowledgeDialog>
      <HelpConfirmDialog
        open={askLogout}
        title={t('logoutTitle')}
        text={t('logoutText')}
        busy={false}
        cancelLabel={t('help.cancel')}
        confirmLabel={t('logout')}
        onCancel={() => setAskLogout(false)}
        onConfirm={logout}
      />
    </Container>
  );
}
