import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { MemberLayout } from '../../components/layouts/member-layout';
import { FormCard } from '../../components/ui/form-card';
import { statCardsLook } from '../../features/dashboard/components/stat-card';
import { FIGURE } from '../early-dashboard';

/**
 * The prerendered shells (scripts/prerender.mjs, app/shell/shell-files.ts): what a route draws
 * before its code has arrived, in the member's language. Build-time only (src/prerender.tsx); the
 * app replaces the shell with the route when it starts (main.tsx renders anew, never hydrates one).
 */

/** Grey blocks where the screen's title, cards and rows will be; named "Loading" for screen readers. */
function SkeletonBlocks({ label, cards }: { label: string; cards: boolean }) {
  const block = { bgcolor: 'rgba(0, 0, 0, 0.08)', borderRadius: 1 } as const;
  return (
    <Box role="status" aria-busy="true" aria-label={label} data-shell-skeleton="">
      <Box sx={{ ...block, height: 32, width: '55%', mb: 3 }} />
      {cards ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, mb: 3 }}>
          {[0, 1, 2, 3].map((n) => (
            <Box key={n} sx={{ ...block, height: 88 }} />
          ))}
        </Box>
      ) : (
        [0, 1, 2].map((n) => <Box key={n} sx={{ ...block, height: 56, mb: 2 }} />)
      )}
      {[0, 1, 2].map((n) => (
        <Box key={n} sx={{ ...block, height: 20, width: `${90 - n * 15}%`, mb: 1.5 }} />
      ))}
    </Box>
  );
}

function MemberSkeleton() {
  const { t } = useTranslation('common');
  return (
    <Container component="main" maxWidth="lg" sx={{ py: 3 }}>
      <SkeletonBlocks label={t('loading')} cards />
    </Container>
  );
}

/** Every member page: the member top bar (components/layouts/member-layout.tsx) over a skeleton. */
export function MemberShell() {
  return (
    <Routes>
      <Route element={<MemberLayout />}>
        <Route path="*" element={<MemberSkeleton />} />
      </Route>
    </Routes>
  );
}

/** The dashboard's first figures a little tighter than the cards' default, as the dashboard draws them. */
const compactCardsLook = {
  ...statCardsLook,
  '& .stat-card': { ...statCardsLook['& .stat-card'], p: 1.5, pb: 1.5 },
  '& .stat-card p': { ...statCardsLook['& .stat-card p'], lineHeight: 1.3, minHeight: '1.3em' },
} as const;

/**
 * `/dashboard` before its code: the top bar, the dashboard's heading and the places of the member's
 * status and net balance, which app/early-dashboard.ts fills from the first answer (the status words
 * in this shell's language ride along as data attributes), then a skeleton for the rest.
 */
function DashboardSkeleton() {
  const { t } = useTranslation('dashboard');
  const { t: common } = useTranslation('common');
  const block = { bgcolor: 'rgba(0, 0, 0, 0.08)', borderRadius: 1 } as const;
  return (
    <Container component="main" maxWidth="lg" sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Box
        component="section"
        aria-labelledby="dashboard-title"
        sx={{ p: { xs: 1.5, md: 2 }, bgcolor: 'background.paper', borderRadius: 1, boxShadow: 1 }}
      >
        <Box
          component="h1"
          id="dashboard-title"
          sx={{ m: 0, typography: 'overline', lineHeight: 1.6, color: 'text.secondary' }}
        >
          {t('title')}
        </Box>
        <Box sx={{ ...block, height: 20, width: '40%', my: 0.5 }} />
        <Box sx={{ ...block, height: 16, width: '30%', mb: 1 }} />
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: '1fr 1.4fr', ...compactCardsLook }}>
          <div className="stat-card">
            <h3>{t('cards.status')}</h3>
            <p
              data-shell-figure={FIGURE.status}
              data-active={t('cards.active')}
              data-inactive={t('cards.inactive')}
              data-testid="member-status"
            />
          </div>
          <div className="stat-card">
            <h3>{t('cards.netBalance')}</h3>
            <p data-shell-figure={FIGURE.netBalance} data-testid="net-balance" />
          </div>
        </Box>
        <Box
          component="p"
          data-shell-figure={FIGURE.asOf}
          data-template={common('connection.lastFigures', { time: '{{time}}' })}
          hidden
          sx={{ m: 0, mt: 1, typography: 'body2', color: 'text.secondary' }}
        />
      </Box>
      <SkeletonBlocks label={common('loading')} cards={false} />
    </Container>
  );
}

/** `/dashboard`: the member top bar over the dashboard's first figures' places and a skeleton. */
export function DashboardShell() {
  return (
    <Routes>
      <Route element={<MemberLayout />}>
        <Route path="*" element={<DashboardSkeleton />} />
      </Route>
    </Routes>
  );
}

/** The pages without a session (signup, forgot password, …): their card frame around a skeleton. */
export function PublicShell() {
  const { t } = useTranslation('common');
  return (
    <FormCard title={t('brand')}>
      <SkeletonBlocks label={t('loading')} cards={false} />
    </FormCard>
  );
}
