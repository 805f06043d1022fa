import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import FormHelperText from '@mui/material/FormHelperText';
import { FormCard } from '../../../components/ui/form-card';
import { refusalOf, refusalText, type InputRule } from '../../../lib/input-rules';
import { notifyError, notifySuccess, serverText } from '../../../lib/notify';
import { checkSponsorId, SPONSOR_NOT_FOUND, type SponsorLookup } from '../api/check-sponsor';
import { DEFAULT_COUNTRY, useCountryList } from '../api/country-list';
import { registerMember, REGISTRATION_SUCCESS } from '../api/register';
import { storeWelcomeToken } from '../api/welcome-token';
import {
  digitsOnly,
  EMAIL_PATTERN,
  firstRegistrationIssue,
  MAX_LENGTH,
  type RegistrationForm,
  type RegistrationIssue,
} from './registration-rules';

/** `text` is the server's words (rate limiting) or, with `key`, a catalogue key. */
type SponsorStatus =
  { kind: 'none' } | { kind: 'found'; name: string } | { kind: 'wrong'; text: string; key?: boolean };

function emptyForm(sponsorId = ''): RegistrationForm {
  return {
    sponsorId,
    userName: '',
    email: '',
    countryId: String(DEFAULT_COUNTRY.id),
    mobile: '',
    city: '',
    state: '',
    upiNumber: '',
    password: '',
    confirmPassword: '',
    termsAccepted: false,
  };
}

function phoneCodeLabel(code: string): string {
  if (code === '') return '';
  return code.startsWith('+') ? code : `+${code}`;
}

/** Typed ids are looked up once typing pauses this long; an id from the URL at once. */
const SPONSOR_LOOKUP_PAUSE_MS = 250;

/** Maps a look-up answer to what the form shows under the sponsor id. */
function sponsorStatusOf(answer: SponsorLookup, fromUrl: boolean): SponsorStatus {
  if (answer.status === 200 && answer.result !== SPONSOR_NOT_FOUND && answer.name !== '') {
    return { kind: 'found', name: answer.name };
  }
  // Rate limiting says nothing about the id itself: show the server's words, not "wrong".
  if (answer.status === 429) return { kind: 'wrong', text: answer.result };
  return { kind: 'wrong', text: fromUrl ? 'wrongSponsorFromUrl' : 'wrongSponsor', key: true };
}

/** Looks the sponsor up as it is typed; only the newest answer is shown. */
function useSponsorLookup() {
  const [status, setStatus] = useState<SponsorStatus>({ kind: 'none' });
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const lookUp = useCallback((sponsorId: string, fromUrl: boolean) => {
    const request = ++latest.current;
    clearTimeout(timer.current);
    if (sponsorId === '') {
      setStatus({ kind: 'none' });
      return;
    }
    const run = () => {
      checkSponsorId(sponsorId)
        .then((answer) => {
          if (request === latest.current) setStatus(sponsorStatusOf(answer, fromUrl));
        })
        .catch((error: unknown) => console.error('sponsor look-up failed', error));
    };
    if (fromUrl) run();
    else timer.current = setTimeout(run, SPONSOR_LOOKUP_PAUSE_MS);
  }, []);

  const clear = useCallback(() => {
    latest.current += 1;
    clearTimeout(timer.current);
    setStatus({ kind: 'none' });
  }, []);

  return { status, lookUp, clear };
}

/** /signup: Member Registration under a sponsor (prefilled from ?userid=). */
export function SignupPage() {
  const { t } = useTranslation('signup');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const sponsorFromUrl = digitsOnly(params.get('userid') ?? '').slice(0, MAX_LENGTH.sponsorId);
  const [form, setForm] = useState<RegistrationForm>(() => emptyForm(sponsorFromUrl));
  const [emailValid, setEmailValid] = useState(true);
  const [busy, setBusy] = useState(false);
  // The failed check is shown under its field as well as in the toast.
  const [issue, setIssue] = useState<RegistrationIssue | null>(null);
  // A typed or pasted change that was not taken, and why (issue 20): one message at a time with `issue`.
  const [notice, setNotice] = useState<{ field: keyof RegistrationForm; text: string } | null>(null);
  const countries = useCountryList();
  const sponsor = useSponsorLookup();
  const { lookUp } = sponsor;

  useEffect(() => {
    // The URL's value is looked up on arrival; typing triggers its own look-ups.
    if (sponsorFromUrl !== '') lookUp(sponsorFromUrl, true);
  }, [sponsorFromUrl, lookUp]);

  const selectedCountry = countries.find((c) => String(c.id) === form.countryId);

  function update<K extends keyof RegistrationForm>(key: K, value: RegistrationForm[K]) {
    setForm((previous) => ({ ...previous, [key]: value }));
    setIssue((current) => (current?.field === key ? null : current));
  }

  /** MUI's error state and helper text of a field, from the failed check or the change not taken. */
  function errorOf(field: keyof RegistrationForm) {
    if (issue?.field === field) return { error: true, helperText: t(issue.key) };
    return notice?.field === field ? { error: true, helperText: notice.text } : {};
  }

  /**
   * Takes a typed or pasted value only whole: a character the field does not take, or a value
   * longer than its cap, leaves the field as it was and says why (never cut or filtered silently).
   */
  function take(field: Exclude<keyof RegistrationForm, 'termsAccepted'>, raw: string, rule: InputRule): boolean {
    const max = MAX_LENGTH[field as keyof typeof MAX_LENGTH] ?? Number.MAX_SAFE_INTEGER;
    const refusal = refusalOf(raw, rule, max);
    if (refusal) {
      setIssue(null);
      setNotice({ field, text: refusalText(refusal, max) });
      return false;
    }
    setNotice((current) => (current?.field === field ? null : current));
    update(field, raw);
    return true;
  }

  function onSponsorChange(raw: string) {
    if (take('sponsorId', raw, 'digits')) lookUp(raw, false);
  }

  function onEmailChange(raw: string) {
    if (take('email', raw, 'text')) setEmailValid(raw === '' || EMAIL_PATTERN.test(raw));
  }

  function reset() {
    setForm(emptyForm());
    setEmailValid(true);
    setIssue(null);
    setNotice(null);
    sponsor.clear();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = firstRegistrationIssue(form);
    setIssue(problem);
    setNotice(null);
    if (problem) {
      notifyError(t(problem.key));
      return;
    }
    setBusy(true);
    try {
      const answer = await registerMember({
        sid: form.sponsorId.trim(),
        name: form.userName.trim(),
        email: form.email.trim(),
        password: form.password,
        mobile: form.mobile,
        countryid: form.countryId,
        city: form.city.trim(),
        state: form.state.trim(),
        upinumber: form.upiNumber.trim(),
      });
      if (answer.result === REGISTRATION_SUCCESS) {
        if (answer.welcomeToken) storeWelcomeToken(answer.uid_output, answer.welcomeToken);
        notifySuccess(t('success'));
        navigate(`/WelcomeLetter?userid=${encodeURIComponent(answer.uid_output)}`);
        return;
      }
      notifyError(answer.result || t('failed'));
    } catch (error) {
      console.error('registration failed', error);
      notifyError(t('failed'));
    }
    setBusy(false);
  }

  return (
    <FormCard title={t('title')} maxWidth={760}>
      <Box component="form" noValidate onSubmit={submit}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          <Box>
            <TextField
              label={t('sponsorId')}
              {...errorOf('sponsorId')}
              name="sid"
              value={form.sponsorId}
              onChange={(e) => onSponsorChange(e.target.value)}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <Typography
              role="status"
              aria-live="polite"
              variant="body2"
              data-testid="sponsor-status"
              sx={{
                minHeight: 20,
                color: sponsor.status.kind === 'found' ? 'success.main' : 'error.main',
                fontWeight: 600,
              }}
            >
              {sponsor.status.kind === 'found'
                ? sponsor.status.name
                : sponsor.status.kind === 'wrong'
                  ? sponsor.status.key
                    ? t(sponsor.status.text)
                    : serverText(sponsor.status.text)
                  : ''}
            </Typography>
          </Box>
          <TextField
            label={t('userName')}
            {...errorOf('userName')}
            name="name"
            value={form.userName}
            autoComplete="name"
            onChange={(e) => take('userName', e.target.value, 'letters')}
          />
          <TextField
            label={t('email')}
            name="email"
            type="email"
            value={form.email}
            autoComplete="email"
            error={!emailValid || notice?.field === 'email'}
            helperText={notice?.field === 'email' ? notice.text : undefined}
            onChange={(e) => onEmailChange(e.target.value)}
          />
          <TextField
            select
            label={t('country')}
            {...errorOf('countryId')}
            name="countryid"
            value={form.countryId}
            onChange={(e) => update('countryId', e.target.value)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{t('selectCountry')}</option>
            {countries.map((country) => (
              <option key={country.id} value={String(country.id)}>
                {country.name}
              </option>
            ))}
          </TextField>
          <TextField
            label={t('mobile')}
            {...errorOf('mobile')}
            name="mobile"
            value={form.mobile}
            autoComplete="tel-national"
            onChange={(e) => take('mobile', e.target.value, 'digits')}
            slotProps={{
              htmlInput: { inputMode: 'numeric' },
              input: {
                startAdornment: selectedCountry ? (
                  <InputAdornment position="start">{phoneCodeLabel(selectedCountry.phonecode)}</InputAdornment>
                ) : undefined,
              },
            }}
          />
          <TextField
            label={t('city')}
            {...errorOf('city')}
            name="city"
            value={form.city}
            onChange={(e) => take('city', e.target.value, 'letters')}
          />
          <TextField
            label={t('state')}
            {...errorOf('state')}
            name="state"
            value={form.state}
            onChange={(e) => take('state', e.target.value, 'letters')}
          />
          <TextField
            label={t('upiNumber')}
            {...errorOf('upiNumber')}
            name="upinumber"
            value={form.upiNumber}
            onChange={(e) => take('upiNumber', e.target.value.trim(), 'text')}
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          />
          <TextField
            label={t('password')}
            {...errorOf('password')}
            name="password"
            type="password"
            value={form.password}
            autoComplete="new-password"
            onChange={(e) => take('password', e.target.value, 'text')}
          />
          <TextField
            label={t('confirmPassword')}
            {...errorOf('confirmPassword')}
            name="confirmPassword"
            type="password"
            value={form.confirmPassword}
            autoComplete="new-password"
            onChange={(e) => take('confirmPassword', e.target.value, 'text')}
          />
        </Box>
        <FormControlLabel
          sx={{ mt: 1 }}
          control={
            <Checkbox checked={form.termsAccepted} onChange={(e) => update('termsAccepted', e.target.checked)} />
          }
          label={t('terms')}
        />
        {issue?.field === 'termsAccepted' ? <FormHelperText error>{t(issue.key)}</FormHelperText> : null}
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ flex: 1 }}>
            {busy ? t('processing2') : t('submit')}
          </Button>
          <Button type="button" variant="outlined" size="large" onClick={reset} disabled={busy} sx={{ flex: 1 }}>
            {t('reset')}
          </Button>
        </Stack>
        <Typography variant="body2" align="center" sx={{ mt: 2 }}>
          {t('alreadyMember')}{' '}
          <Link component={RouterLink} to="/login">
            {t('login')}
          </Link>
        </Typography>
      </Box>
    </FormCard>
  );
}
