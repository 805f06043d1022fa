import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { MemberLayout } from '../../components/layouts/member-layout';
import { FormCard } from '../../components/ui/form-card';

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

/** The pages without a session (signup, forgot password, …): their card frame around a skeleton. */
export function PublicShell() {
  const { t } = useTranslation('common');
  return (
    <FormCard title={t('brand')}>
      <SkeletonBlocks label={t('loading')} cards={false} />
    </FormCard>
  );
}
