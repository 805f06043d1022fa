import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import { Title, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../useAdminAction';
import { totpApi, type TotpSetup, type TotpStatus } from './totpApi';

type Step =
  | { kind: 'loading' }
  | { kind: 'status'; status: TotpStatus }
  | { kind: 'scan'; setup: TotpSetup }
  | { kind: 'recovery'; codes: string[] };

/** A code field and its submit button; `onCode` gets the trimmed code. */
const CodeForm = ({
  label,
  help,
  submit,
  onCode,
  testId,
}: {
  label: string;
  help: string;
  submit: string;
  onCode: (code: string) => Promise<void>;
  testId: string;
}) => {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onCode(code.trim());
    } finally {
      setBusy(false);
      setCode('');
    }
  };
  return (
    <Box
      component="form"
      onSubmit={send}
      data-testid={testId}
      sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <TextField
        label={label}
        helperText={help}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        inputProps={{ autoComplete: 'one-time-code', maxLength: 40 }}
        required
        size="small"
      />
      <Button type="submit" variant="contained" disabled={busy || code.trim() === ''}>
        {submit}
      </Button>
    </Box>
  );
};

/** The recovery codes, shown once, with a copy and a download. */
export const RecoveryCodes = ({ codes, onDone }: { codes: string[]; onDone: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const text = codes.join('\n') + '\n';
  const copy = async () => {
    await navigator.clipboard?.writeText(text);
    notify('sahyog.totp.copied', { type: 'info' });
  };
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'sahyog-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <Stack spacing={2}>
      <Typography variant="h6">{translate('sahyog.totp.recovery_title')}</Typography>
      <Alert severity="warning">{translate('sahyog.totp.recovery_intro')}</Alert>
      <Box
        component="ol"
        data-testid="recovery-codes"
        sx={{ fontFamily: 'monospace', fontSize: '1.1rem', columns: 2, m: 0, pl: 4 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={2} flexWrap="wrap">
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {translate('sahyog.totp.copy')}
        </Button>
        <Button startIcon={<DownloadIcon />} onClick={download}>
          {translate('sahyog.totp.download')}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {translate('sahyog.totp.done')}
        </Button>
      </Stack>
    </Stack>
  );
};

/**
 * The signed-in admin's two-step sign-in: set up an authenticator app (QR and the key as text),
 * confirm it with a code, see the recovery codes once; or turn it off with a code.
 */
export const TotpPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'loading' });

  const load = useCallback(
    () =>
      totpApi.status().then(
        (status) => setStep({ kind: 'status', status }),
        (error: unknown) =>
          notify(translate('sahyog.totp.error', { message: translate(errorMessage(error)) }), { type: 'error' }),
      ),
    [notify, translate],
  );
  useEffect(() => {
    void load();
  }, [load]);

  /** Runs an API call; a refusal (a wrong code) is shown and the step stays. */
  const attempt = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    }
  };

  return (
    <Card sx={{ mt: 2, maxWidth: 720 }}>
      <Title title="sahyog.totp.title" />
      <CardContent>
        <Stack spacing={2}>
          <Typography>{translate('sahyog.totp.intro')}</Typography>
          {step.kind === 'loading' ? <Typography>{translate('sahyog.totp.loading')}</Typography> : null}
          {step.kind === 'status' && !step.status.enabled ? (
            <>
              {step.status.enrolmentRequired ? (
                <Alert severity="warning">{translate('sahyog.totp.enrolment_required')}</Alert>
              ) : (
                <Typography>{translate('sahyog.totp.off')}</Typography>
              )}
              <Box>
                <Button
                  variant="contained"
                  onClick={() => void attempt(async () => setStep({ kind: 'scan', setup: await totpApi.setUp() }))}
                >
                  {translate('sahyog.totp.start')}
                </Button>
              </Box>
            </>
          ) : null}
          {step.kind === 'scan' ? (
            <>
              <Typography>{translate('sahyog.totp.scan')}</Typography>
              <Box
                component="img"
                src={step.setup.qrDataUrl}
                alt={translate('sahyog.totp.qr_alt')}
                sx={{ width: 220, height: 220, imageRendering: 'pixelated' }}
              />
              <Typography>{translate('sahyog.totp.manual')}</Typography>
              <Typography
                data-testid="totp-secret"
                sx={{ fontFamily: 'monospace', fontSize: '1.1rem', wordBreak: 'break-all', userSelect: 'all' }}
              >
                {step.setup.secret.replace(/(.{4})(?=.)/g, '$1 ')}
              </Typography>
              <CodeForm
                testId="totp-enable"
                label={translate('sahyog.totp.code')}
                help={translate('sahyog.totp.code_help')}
                submit={translate('sahyog.totp.confirm')}
                onCode={(code) =>
                  attempt(async () => setStep({ kind: 'recovery', codes: (await totpApi.enable(code)).recoveryCodes }))
                }
              />
            </>
          ) : null}
          {step.kind === 'recovery' ? <RecoveryCodes codes={step.codes} onDone={() => navigate('/')} /> : null}
          {step.kind === 'status' && step.status.enabled ? (
            <>
              <Alert severity="success">{translate('sahyog.totp.on')}</Alert>
              <Typography variant="h6">{translate('sahyog.totp.disable_title')}</Typography>
              <CodeForm
                testId="totp-disable"
                label={translate('sahyog.auth.code')}
                help={translate('sahyog.totp.disable_code_help')}
                submit={translate('sahyog.totp.disable')}
                onCode={(code) =>
                  attempt(async () => {
                    await totpApi.disable(code);
                    notify('sahyog.totp.disabled', { type: 'info' });
                    await load();
                  })
                }
              />
            </>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
};
