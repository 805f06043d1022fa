import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

/** The ways to get an e-pin (issue 20: activation without one used to end at 'Insufficient Epin !!'). */
const WAYS: ReadonlyArray<{ to: string; label: string }> = [
  { to: '/FundRequestBank', label: 'epinWays.bank' },
  { to: '/GatewayFundRequest', label: 'epinWays.upi' },
  { to: '/OnlineFundRequest', label: 'epinWays.usdt' },
];

export function EpinWays() {
  // Outside the e-pin pages (the dashboard's alert) this feature's texts are fetched on first use:
  // nothing is drawn until they are in, so no key shows instead of a text.
  const { t, ready } = useTranslation('epins');
  if (!ready) return null;
  return (
    <nav aria-label={t('epinWays.title')} data-testid="epin-ways">
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
        {t('epinWays.title')}
      </Typography>
      <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
        {WAYS.map((way) => (
          <li key={way.to}>
            <Link component={RouterLink} to={way.to}>
              {t(way.label)}
            </Link>
          </li>
        ))}
        <li>{t('epinWays.sponsor')}</li>
      </ul>
    </nav>
  );
}
