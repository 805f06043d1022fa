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
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { FormCard } from '../../../components/ui/form-card';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { checkSponsorId, SPONSOR_NOT_FOUND, type SponsorLookup } from '../api/check-sponsor';
import { DEFAULT_COUNTRY, useCountryList } from '../api/country-list';
import { registerMember, REGISTRATION_SUCCESS } from '../api/register';
import {
  digitsOnly,
  EMAIL_PATTERN,
  firstRegistrationProblem,
  lettersAndSpaces,
  MAX_LENGTH,
  type RegistrationForm,
} from './registration-rules';

type SponsorStatus = { kind: 'none' } | { kind: 'found'; name: string } | { kind: 'wrong'; text: string };

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
  return { kind: 'wrong', text: fromUrl ? 'Wrong sponser id' : 'Wrong Sponsor Id' };
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
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const sponsorFromUrl = digitsOnly(params.get('userid') ?? '').slice(0, MAX_LENGTH.sponsorId);
  const [form, setForm] = useState<RegistrationForm>(() => emptyForm(sponsorFromUrl));
  const [emailValid, setEmailValid] = useState(true);
  const [busy, setBusy] = useState(false);
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
  }

  function onSponsorChange(raw: string) {
    const value = digitsOnly(raw).slice(0, MAX_LENGTH.sponsorId);
    update('sponsorId', value);
    lookUp(value, false);
  }

  function onEmailChange(raw: string) {
    const value = raw.slice(0, MAX_LENGTH.email);
    update('email', value);
    setEmailValid(value === '' || EMAIL_PATTERN.test(value));
  }

  function reset() {
    setForm(emptyForm());
    setEmailValid(true);
    sponsor.clear();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = firstRegistrationProblem(form);
    if (problem) {
      notifyError(problem);
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
        notifySuccess(REGISTRATION_SUCCESS);
        navigate(`/WelcomeLetter?userid=${encodeURIComponent(answer.uid_output)}`);
        return;
      }
      notifyError(answer.result || 'Registration failed. Please try again.');
    } catch (error) {
      console.error('registration failed', error);
      notifyError('Registration failed. Please try again.');
    }
    setBusy(false);
  }

  return (
    <FormCard title="Member Registration" maxWidth={760}>
      <Box component="form" noValidate onSubmit={submit}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          <Box>
            <TextField
              label="Sponsor Id"
              name="sid"
              value={form.sponsorId}
              onChange={(e) => onSponsorChange(e.target.value)}
              slotProps={{ htmlInput: { maxLength: MAX_LENGTH.sponsorId, inputMode: 'numeric' } }}
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
                  ? sponsor.status.text
                  : ''}
            </Typography>
          </Box>
          <TextField
            label="User Name"
            name="name"
            value={form.userName}
            autoComplete="name"
            onChange={(e) => update('userName', lettersAndSpaces(e.target.value).slice(0, MAX_LENGTH.userName))}
            slotProps={{ htmlInput: { maxLength: MAX_LENGTH.userName } }}
          />
          <TextField
            label="Email"
            name="email"
            type="email"
            value={form.email}
            autoComplete="email"
            error={!emailValid}
            onChange={(e) => onEmailChange(e.target.value)}
            slotProps={{ htmlInput: { maxLength: MAX_LENGTH.email } }}
          />
          <TextField
            select
            label="Country"
            name="countryid"
            value={form.countryId}
            onChange={(e) => update('countryId', e.target.value)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">Select Country</option>
            {countries.map((country) => (
              <option key={country.id} value={String(country.id)}>
                {country.name}
              </option>
            ))}
          </TextField>
          <TextField
            label="Mobile"
            name="mobile"
            value={form.mobile}
            autoComplete="tel-national"
            onChange={(e) => update('mobile', digitsOnly(e.target.value).slice(0, MAX_LENGTH.mobile))}
            slotProps={{
              htmlInput: { maxLength: MAX_LENGTH.mobile, inputMode: 'numeric' },
              input: {
                startAdornment: selectedCountry ? (
                  <InputAdornment position="start">{phoneCodeLabel(selectedCountry.phonecode)}</InputAdornment>
                ) : undefined,
              },
            }}
          />
          <TextField
            label="City"
            name="city"
            value={form.city}
            onChange={(e) => update('city', lettersAndSpaces(e.target.value).slice(0, MAX_LENGTH.city))}
            slotProps={{ htmlInput: { maxLength: MAX_LENGTH.city } }}
          />
          <TextField
            label="State"
            name="state"
            value={form.state}
            onChange={(e) => update('state', lettersAndSpaces(e.target.value).slice(0, MAX_LENGTH.state))}
            slotProps={{ htmlInput: { maxLength: MAX_LENGTH.state } }}
          />
          <TextField
            label="UPI Number"
            name="upinumber"
            value={form.upiNumber}
            onChange={(e) => update('upiNumber', e.target.value.slice(0, MAX_LENGTH.upiNumber))}
            slotProps={{ htmlInput: { maxLength: MAX_LENGTH.upiNumber } }}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            value={form.password}
            autoComplete="new-password"
            onChange={(e) => update('password', e.target.value.slice(0, MAX_LENGTH.password))}
            slotProps={{ htmlInput: { maxLength: MAX_LENGTH.password } }}
          />
          <TextField
            label="Confirm Password"
            name="confirmPassword"
            type="password"
            value={form.confirmPassword}
            autoComplete="new-password"
            onChange={(e) => update('confirmPassword', e.target.value.slice(0, MAX_LENGTH.confirmPassword))}
            slotProps={{ htmlInput: { maxLength: MAX_LENGTH.confirmPassword } }}
          />
        </Box>
        <FormControlLabel
          sx={{ mt: 1 }}
          control={
            <Checkbox checked={form.termsAccepted} onChange={(e) => update('termsAccepted', e.target.checked)} />
          }
          label="I agree to the Terms and Conditions"
        />
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ flex: 1 }}>
            {busy ? 'Processing..' : 'Submit'}
          </Button>
          <Button type="button" variant="outlined" size="large" onClick={reset} disabled={busy} sx={{ flex: 1 }}>
            Reset
          </Button>
        </Stack>
        <Typography variant="body2" align="center" sx={{ mt: 2 }}>
          Already a member?{' '}
          <Link component={RouterLink} to="/login">
            Login
          </Link>
        </Typography>
      </Box>
    </FormCard>
  );
}
