import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
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
  const [params] = useSearchParams();
  const uid = params.get('userid') ?? '';
  const { details, loading } = useWelcomeDetails(uid);

  const rows: Array<[string, string]> = details
    ? [
        ['Name', details.f_name],
        ['User Id', details.uid],
        ['Email', details.email],
        ['Mobile', details.mobile],
      ]
    : [];

  return (
    <FormCard title="Welcome Letter" maxWidth={560}>
      <Typography paragraph align="center">
        Welcome to Sahyog. Your registration is complete; keep your user id safe, you will sign in with it.
      </Typography>
      {loading ? <Typography align="center">Loading…</Typography> : null}
      {!loading && !details ? (
        <Typography align="center" color="error">
          No details found for this user id.
        </Typography>
      ) : null}
      {details ? (
        <Table size="small" aria-label="Welcome details">
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                  {label}
                </TableCell>
                <TableCell data-testid={label === 'User Id' ? 'welcome-uid' : undefined}>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Button variant="contained" component={RouterLink} to="/Login">
          Login
        </Button>
      </Box>
    </FormCard>
  );
}
