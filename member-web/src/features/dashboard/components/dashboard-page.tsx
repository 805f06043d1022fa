import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { AcknowledgeDialog } from '../../../components/ui/acknowledge-dialog';
import { ForcedLogoutError } from '../../../lib/api-client';
import { setDisplayCurrency, useDisplayCurrency } from '../../../lib/display-currency';
import { formatAmount, type DisplayCurrency } from '../../../lib/money';
import { signOut, useSession } from '../../../lib/session';
import { fetchFirstEpin, INSUFFICIENT_EPIN, NO_EPIN_TO_ACTIVATE } from '../api/activation-epin';
import { useDashboardSummary, type DashboardSummary } from '../api/user-dashboard';
import { HelpRequestButtons } from './help-request-dialog';
import { formatDate } from '../../../lib/format-date';
import { MemberMenu } from './member-menu';
import { ReferralLink } from './referral-link';
import { StatCard } from './stat-card';

interface Props {
  /** Rendered over the dashboard once the summary is in (the app puts the disclaimer popup here). */
  overlay?: (summary: DashboardSummary) => ReactNode;
  /** Rendered under the summary cards once the summary is in (the app puts the help logs and queue card here). */
  sections?: (summary: DashboardSummary) => ReactNode;
}

const GREEN = 'success.main';
const RED = 'error.main';

function SummaryCards({ summary, currency }: { summary: DashboardSummary; currency: DisplayCurrency }) {
  const money = (rupees: string) => formatAmount(rupees, currency);
  const active = summary.Activestatus === 'Active';
  const cards: Array<{ title: string; value: ReactNode; to?: string; color?: string; testId?: string }> = [
    {
      title: 'Status',
      value: summary.Activestatus || 'Inactive',
      color: active ? GREEN : RED,
      testId: 'member-status',
    },
    { title: 'Registration Date', value: formatDate(summary.RegDate) },
    { title: 'Activation Date', value: formatDate(summary.ActDate) },
    { title: 'My Directs', value: summary.totalrefferal || '0', to: '/MyReferral' },
    { title: 'My Team', value: summary.totalteam || '0' },
    { title: 'MY PH', value: money(summary.totalphamount), to: '/PHRecivePaymentPaid' },
    { title: 'MY GH', value: money(summary.totalghamount), to: '/GHRecivePaymentPaid' },
    // The server's figures as sent: TeamIncome = level income, TotalIncome = every income account.
    { title: 'Team Income', value: money(summary.TeamIncome), to: '/LevelIncome', testId: 'team-income' },
    { title: 'Total Income', value: money(summary.TotalIncome), to: '/LevelIncome', testId: 'total-income' },
    { title: 'Total Withdrawal', value: money(summary.totalWithdrawal), to: '/WithdrawalHistory' },
    { title: 'Today Withdrawal', value: money(summary.TodayWithdrawal), to: '/WithdrawalHistory' },
    { title: 'Net Balance', value: money(summary.Net_Balance), testId: 'net-balance' },
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
      {cards.map((card) => (
        <StatCard key={card.title} {...card} />
      ))}
    </Box>
  );
}

/** /dashboard: who the member is, their referral link, and the summary figures. */
export function DashboardPage({ overlay, sections }: Props) {
  const navigate = useNavigate();
  const session = useSession();
  const { load, reload } = useDashboardSummary(session.userId);
  // Shared with Level Income for this visit (not stored).
  const currency = useDisplayCurrency();
  const [findingEpin, setFindingEpin] = useState(false);
  // Spec §8: 'Insufficient Epin !!' is an alert the member acknowledges. The detail outlives the
  // closing so the text does not change during the exit transition.
  const [noEpin, setNoEpin] = useState({ open: false, message: NO_EPIN_TO_ACTIVATE });
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
      else showNoEpin(NO_EPIN_TO_ACTIVATE);
    } catch (error) {
      if (error instanceof ForcedLogoutError) return;
      console.error('e-pin look-up failed', error);
      showNoEpin(NO_EPIN_TO_ACTIVATE);
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
          Admin session: you are signed in as this member through "Log in as". Every action is recorded against the
          admin.
        </Alert>
      ) : null}
      <Paper sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} justifyContent="space-between">
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              Dashboard
            </Typography>
            <Typography>
              Member Id: <strong data-testid="member-uid">{uid}</strong>
            </Typography>
            <Typography>
              Name: <strong data-testid="member-name">{name}</strong>
            </Typography>
            <Box sx={{ mt: 2 }}>
              <ReferralLink uid={uid} />
            </Box>
          </Box>
          <Stack spacing={1} sx={{ minWidth: { md: 260 } }}>
            <Button variant="contained" component="a" href="/signup" target="_blank" rel="noopener">
              REGISTER
            </Button>
            {summary ? (
              <HelpRequestButtons
                uid={uid}
                active={summary.Activestatus === 'Active'}
                onDone={reload}
                onNoEpin={showNoEpin}
              />
            ) : null}
            <Button
              variant="contained"
              color="success"
              onClick={() => void activateWithFirstEpin()}
              disabled={findingEpin}
            >
              ACTIVATE ID
            </Button>
            <Button variant="outlined" component={RouterLink} to="/Support">
              SUPPORT
            </Button>
            <MemberMenu />
            <Button variant="outlined" color="error" onClick={logout}>
              Logout
            </Button>
          </Stack>
        </Stack>
      </Paper>

      <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 2 }}>
        <Typography variant="h6" component="h2">
          Summary
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={currency}
          aria-label="Display currency"
          onChange={(_event, next: DisplayCurrency | null) => {
            if (next) setDisplayCurrency(next);
          }}
        >
          <ToggleButton value="INR">INR</ToggleButton>
          <ToggleButton value="USD">USD</ToggleButton>
        </ToggleButtonGroup>
      </Stack>

      {load.state === 'loading' ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading dashboard" />
        </Box>
      ) : null}
      {load.state === 'failed' ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={reload}>
              Retry
            </Button>
          }
        >
          Could not load your dashboard.
        </Alert>
      ) : null}
      {summary ? <SummaryCards summary={summary} currency={currency} /> : null}
      {summary && sections ? sections(summary) : null}
      {summary && overlay ? overlay(summary) : null}
      <AcknowledgeDialog
        open={noEpin.open}
        title={INSUFFICIENT_EPIN}
        message={noEpin.message}
        onClose={() => setNoEpin((current) => ({ ...current, open: false }))}
      />
    </Container>
  );
}
