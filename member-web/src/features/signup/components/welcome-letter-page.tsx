import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { FormCard } from '../../../components/ui/form-card';
import { fetchWelcomeDetails, type WelcomeDetails } from '../api/welcome-details';

/** The spec's client retries the welcome details while they come back empty; a bounded few times here. */
const WELCOME_ATTEMPTS = 3;
const WELCOME_RETRY_MS = 1000;

function useWelcomeDetails(uid: string) {
  const [details, setDetails] = useState<WelcomeDetails | null>(null);
  const [loading, setLoading] = useState(uid !== '');
  useEffect(() => {
    if (uid === '') return;
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = (n: number) => {
      fetchWelcomeDetails(uid)
        .then((row) => {
          if (!active) return;
          if (row) {
            setDetails(row);
            setLoading(false);
          } else if (n + 1 < WELCOME_ATTEMPTS) {
            timer = setTimeout(() => attempt(n + 1), WELCOME_RETRY_MS);
          } else {
            setLoading(false);
          }
        })
        .catch((error: unknown) => {
          console.error('welcome details failed', error);
          if (active) setLoading(false);
        });
    };
    attempt(0);
    return () => {
      active = false;
      if (timer) clearTimeout(timer);
    };
  }, [uid]);
  return { details, loading };
}

/** /WelcomeLetter?userid=…: the new member's details after registration. */
export function WelcomeLetterPage() {
  const { t } = useTranslation('signup');
  const [params] = useSearchParams();
  const uid = params.get('userid') ?? '';
  const { details, loading } = useWelcomeDetails(uid);

  const rows: Array<[string, string, string]> = details
    ? [
        ['name', t('welcome.name'), details.f_name],
        ['uid', t('welcome.userId'), details.uid],
        ['email', t('welcome.email'), details.email],
        ['mobile', t('welcome.mobile'), details.mobile],
      ]
    : [];

  return (
    <FormCard title={t('welcome.title')} maxWidth={560}>
      <Typography paragraph align="center">
        {t('welcome.intro')}
      </Typography>
      {loading ? <Typography align="center">{t('loadingEllipsis')}</Typography> : null}
      {!loading && !details ? (
        <Typography align="center" color="error">
          {t('welcome.notFound')}
        </Typography>
      ) : null}
      {details ? (
        <Table size="small" aria-label={t('welcome.details')}>
          <TableBody>
            {rows.map(([id, label, value]) => (
              <TableRow key={id}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                  {label}
                </TableCell>
                <TableCell data-testid={id === 'uid' ? 'welcome-uid' : undefined}>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Button variant="contained" component={RouterLink} to="/Login">
          {t('welcome.login')}
        </Button>
      </Box>
    </FormCard>
  );
}
