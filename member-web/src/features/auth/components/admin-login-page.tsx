import { useEffect } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { notifyError } from '../../../lib/notify';
import { signIn } from '../../../lib/session';
import { LOGIN_SUCCESS } from '../api/login';
import { loginAdmin } from '../api/login-admin';

/**
 * /AdminLogin?token=…: admin-web's "Log in as" link. Exchanges the single-use token on load
 * and opens an impersonated member session (Sahyog replaces the spec's user_id/enpass link).
 */
export function AdminLoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';

  useEffect(() => {
    let active = true;
    if (token === '') {
      notifyError(t('invalidLoginLink'));
      navigate('/login', { replace: true });
      return;
    }
    loginAdmin(token)
      .then((answer) => {
        if (!active) return;
        if (answer.result === LOGIN_SUCCESS) {
          signIn({
            userId: answer.resultid,
            username: answer.resultusername,
            jwtToken: answer.token,
            impersonated: true,
          });
          navigate('/dashboard', { replace: true });
        } else {
          notifyError(answer.result || t('invalidLoginLink'));
          navigate('/login', { replace: true });
        }
      })
      .catch((error: unknown) => {
        if (!active) return;
        console.error('admin login failed', error);
        notifyError(t('invalidLoginLink'));
        navigate('/login', { replace: true });
      });
    return () => {
      active = false;
    };
  }, [token, navigate, t]);

  return (
    <Box component="main" sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}>
      <Box sx={{ textAlign: 'center' }}>
        <CircularProgress aria-label={t('signingIn')} />
        <Typography sx={{ mt: 2 }}>{t('signingInEllipsis')}</Typography>
      </Box>
    </Box>
  );
}
