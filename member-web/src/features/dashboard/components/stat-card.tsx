import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

interface Props {
  title: string;
  value: ReactNode;
  to?: string;
  /** The value's colour: the theme's success or error colour; the text colour otherwise. */
  tone?: 'success' | 'error';
  testId?: string;
}

/**
 * MUI's outlined Card, CardActionArea (hover and focus shade) and CardContent with an overline title
 * and an h6 value, drawn by the grid that holds the cards (`statCardsLook`, one style for all twelve):
 * the summary's cards are the dashboard's largest render after its answer, and twelve Cards with their
 * ButtonBase, ripple and Typography cost much more than this plain markup (decision 0030).
 */
export const statCardsLook = {
  '& .stat-card': {
    display: 'block',
    height: '100%',
    boxSizing: 'border-box',
    p: 2,
    pb: 3,
    border: '1px solid',
    borderColor: 'divider',
    borderRadius: 1,
    bgcolor: 'background.paper',
    color: 'text.primary',
    textDecoration: 'none',
    overflow: 'hidden',
  },
  '& a.stat-card:hover': { bgcolor: 'action.hover' },
  '& a.stat-card:focus-visible': { bgcolor: 'action.focus', outline: 0 },
  '& .stat-card h3': { m: 0, typography: 'overline', lineHeight: 1.4, color: 'text.secondary' },
  '& .stat-card p': { m: 0, typography: 'h6', fontWeight: 700 },
  '& .stat-card p[data-tone="success"]': { color: 'success.main' },
  '& .stat-card p[data-tone="error"]': { color: 'error.main' },
} as const;

/** One figure of the dashboard; a card with a target route is a link to it. */
export function StatCard({ title, value, to, tone, testId }: Props) {
  const content = (
    <>
      <h3>{title}</h3>
      <p data-tone={tone} data-testid={testId}>
        {value}
      </p>
    </>
  );
  return to ? (
    <RouterLink className="stat-card" to={to}>
      {content}
    </RouterLink>
  ) : (
    <div className="stat-card">{content}</div>
  );
}
