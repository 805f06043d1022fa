import type { ReactNode } from 'react';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/** The body of a member screen under the top bar: a `main` landmark with the screen's h1. */
export function PageShell({
  title,
  children,
  maxWidth = 'lg',
}: {
  title: string;
  children: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Container component="main" maxWidth={maxWidth} sx={{ py: 3 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Container>
  );
}
