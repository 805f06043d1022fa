import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

interface Props {
  title: string;
  value: ReactNode;
  to?: string;
  color?: string;
  testId?: string;
}

/** One figure of the dashboard; a card with a target route is a link to it. */
export function StatCard({ title, value, to, color, testId }: Props) {
  const content = (
    <CardContent>
      <Typography variant="overline" component="h3" color="text.secondary" sx={{ lineHeight: 1.4 }}>
        {title}
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontWeight: 700, color }} data-testid={testId}>
        {value}
      </Typography>
    </CardContent>
  );
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      {to ? (
        <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}
