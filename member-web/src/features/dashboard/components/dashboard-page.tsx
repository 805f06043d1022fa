import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadFailed, LoadingBlock } from '../../../components/ui/load-states';
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

// The 'Insufficient Epin !!' alert's code (MUI's Dialog stack) is fetched after the first paint.
const AcknowledgeDialog = lazyPart(() =>
  import('../../../components/ui/acknowledge-dialog').then((m) => m.AcknowledgeDialog),
);

interface Props {
  /** Rendered over the dashboard once the summary is in (the app puts the disclaimer popup here). */
  overlay?: (summary: DashboardSummary) => ReactNode;
  /** Rendered under the summary cards once the summary is in (the app puts the help logs and queue card here). */
  sections?: (summary: DashboardSummary) => ReactNode;
}

function SummaryCards({ summary, currency }: { summary: DashboardSummary; currency: DisplayCurrency }) {
  const { t } = useTranslation('dashboard');
  const money = (rupees: string) => formatAmount(rupees, currency);
  const active = summary.Activestatus === 'Active';
  // The server's status words are shown in the member's language when known, otherwise as sent.
  const statusText =
    summary.Activestatus === 'Active' || summary.Activestatus === 'Inactive' || summary.Activestatus === ''
      ? t(active ? 'cards.active' : 'cards.inactive')
      : summary.Activestatus;
  const cards: Array<{ title: string; value: ReactNode; to?: string; tone?: 'success' | 'error'; testId?: string }> = [
    {
      title: t('cards.status'),
      value: statusText,
      tone: active ? 'success' : 'error',
      testId: 'member-status',
    },
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
    { title: t('cards.netBalance'), value: money(summary.Net_Balance), testId: 'net-balance' },
  ];
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, ...statCardsLook }}
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
      <Box component="a" href={url} target="_blank" rel="noopener noreferrer" sx={outlinedLook('info')}>
        {t('contactAdmin')}
      </Box>
    );
  return (
    <Box component={RouterLink} to="/Support" sx={outlinedLook('info')}>
      {t('contactAdmin')}
    </Box>
  );
}

/** /dashboard: who the member is, their referral link, and the summary figures. */
export function DashboardPage({ overlay, sections }: Props) {
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

  function logout() {
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
    <Container component="main" maxWidth="lg" sx={{ py: 3 }}>
      {impersonated ? (
        <Alert severity="warning" sx={{ mb: 2 }} role="alert">
          {t('impersonated')}
        </Alert>
      ) : null}
      <Paper sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} justifyContent="space-between">
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {t('title')}
            </Typography>
            <Typography>
              {t('memberId')} <strong data-testid="member-uid">{uid}</strong>
            </Typography>
            <Typography>
              {t('name')} <strong data-testid="member-name">{name}</strong>
            </Typography>
            <Box sx={{ mt: 2 }}>
              <ReferralLink uid={uid} />
            </Box>
          </Box>
          <Stack spacing={1} sx={{ minWidth: { md: 260 } }}>
            {/* Plain elements with MUI's Button look (components/ui/plain-buttons.ts; decision 0030). */}
            <Box component="a" href="/signup" target="_blank" rel="noopener" sx={containedLook('primary')}>
              {t('register')}
            </Box>
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
              sx={containedLook('success')}
            >
              {t('activateId')}
            </Box>
            <ContactAdminButton url={summary?.contactAdminUrl ?? ''} />
            <Box component={RouterLink} to="/Support" sx={outlinedLook('primary')}>
              {t('support')}
            </Box>
            <MemberMenu />
            <Box component="button" type="button" onClick={logout} sx={outlinedLook('error')}>
              {t('logout')}
            </Box>
          </Stack>
        </Stack>
      </Paper>

      <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 2 }}>
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

      {load.state === 'loading' ? <LoadingBlock label={t('loadingDashboard')} /> : null}
      {load.state === 'failed' ? <LoadFailed message={t('loadFailed')} retry={t('retry')} onRetry={reload} /> : null}
      {summary ? <SummaryCards summary={summary} currency={currency} /> : null}
      {summary && sections ? sections(summary) : null}
      {summary && overlay ? overlay(summary) : null}
      <AcknowledgeDialog
        open={noEpin.open}
        title={t('insufficientEpin')}
        message={noEpin.message}
        onClose={() => setNoEpin((current) => ({ ...current, open: false }))}
      />
    </Container>
  );
}
