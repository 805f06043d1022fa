import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/ui/page-shell';
import { PagedTable, type PagedColumn } from '../../../components/ui/paged-table';

/*
 * Static sample-data pages with no calls (spec §2, §3): bank details (locked), the BSC wallet
 * address, contact details (locked), password editing, and the generation earnings. Each says
 * plainly that it sends nothing; the forms check that every field is filled (the email as an email).
 */

function SampleNote() {
  const { t } = useTranslation('profile');
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="static-note">
      {t('sampleNote')}
    </Alert>
  );
}

interface SampleField {
  name: string;
  label: string;
  value: string;
  type?: 'email' | 'password';
  /** A long value (a wallet address) wraps instead of being cut at the field's edge. */
  wrap?: boolean;
}

/** A sample form: every field required; submitting checks and sends nothing. `locked` shows it read-only. */
function SampleForm({
  title,
  fields,
  locked = false,
}: {
  title: string;
  fields: readonly SampleField[];
  locked?: boolean;
}) {
  const { t } = useTranslation('profile');
  const [values, setValues] = useState(() => Object.fromEntries(fields.map((f) => [f.name, f.value])));
  const [shown, setShown] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setShown(event.currentTarget.checkValidity() ? t('notSubmitted') : t('fillAll'));
  };
  return (
    <PageShell title={t(title)} maxWidth="sm">
      <SampleNote />
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack component="form" spacing={2} noValidate onSubmit={submit}>
          {locked ? (
            <Alert severity="success" data-testid="locked-notice">
              {t('locked')}
            </Alert>
          ) : null}
          {fields.map((f) => (
            <TextField
              key={f.name}
              name={f.name}
              label={t(f.label)}
              type={f.type}
              multiline={f.wrap}
              sx={f.wrap ? { '& textarea': { wordBreak: 'break-all' } } : undefined}
              required
              value={values[f.name]}
              disabled={locked}
              onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
            />
          ))}
          {locked ? null : (
            <Button type="submit" variant="contained">
              {t('update')}
            </Button>
          )}
          {shown ? <Alert severity="info">{shown}</Alert> : null}
        </Stack>
      </Paper>
    </PageShell>
  );
}

/** /EditBank — static-page bank details (spec §3: UPINumber, bank_holder_name, BankName, BranchName, IFSC, AcctNo), locked. */
export const EditBankPage = () => (
  <SampleForm
    title="editBankTitle"
    locked
    fields={[
      { name: 'UPINumber', label: 'upi', value: '9876543210' },
      { name: 'bank_holder_name', label: 'holder', value: 'Asha Rao' },
      { name: 'BankName', label: 'bankName', value: 'Kotak Mahindra Bank' },
      { name: 'BranchName', label: 'branch', value: 'GURGAON' },
      { name: 'IFSC', label: 'ifsc', value: 'KKBK0000261' },
      { name: 'AcctNo', label: 'accountNumber', value: '123456789012' },
    ]}
  />
);

/** /mycrptaddr — the BSC wallet address (spec §3: wallet_address). */
export const CryptoAddressPage = () => (
  <SampleForm
    title="cryptoAddressTitle"
    fields={[
      {
        name: 'wallet_address',
        label: 'walletAddress',
        value: '0x52908400098527886E0F7030069857D2E4169EE7',
        wrap: true,
      },
    ]}
  />
);

/** /EditContact — contact details (spec §3: name, City, BankName, State, Phone, EMail), locked. */
export const EditContactPage = () => (
  <SampleForm
    title="editContactTitle"
    locked
    fields={[
      { name: 'name', label: 'name', value: 'Asha Rao' },
      { name: 'City', label: 'cityName', value: 'Nashik' },
      { name: 'BankName', label: 'bankName', value: 'Kotak Mahindra Bank' },
      { name: 'State', label: 'state', value: 'Maharashtra' },
      { name: 'Phone', label: 'mobile', value: '9876543210' },
      { name: 'EMail', label: 'email', value: 'asha@example.com', type: 'email' },
    ]}
  />
);

/** /NewPassword — password editing (spec §3: Name, CURRENTPASS, NEWPASS, NEWPASS2). */
export const NewPasswordPage = () => (
  <SampleForm
    title="newPasswordTitle"
    fields={[
      { name: 'Name', label: 'name', value: 'Asha Rao' },
      { name: 'CURRENTPASS', label: 'currentPassword', value: '', type: 'password' },
      { name: 'NEWPASS', label: 'newPassword', value: '', type: 'password' },
      { name: 'NEWPASS2', label: 'confirmPassword', value: '', type: 'password' },
    ]}
  />
);

interface GenerationRow {
  level: string;
  count: number;
  amount: string;
}

/** The generation earnings sample: levels L1 to L15 with no members yet. */
export const GENERATION_SAMPLE: readonly GenerationRow[] = Array.from({ length: 15 }, (_, i) => ({
  level: `L${i + 1}`,
  count: 0,
  amount: '₹0.00',
}));

/** /myaccountsgen — generation earnings (spec §2: levels L1 to L15, counts, amount; 'No data available in table'). */
export function GenerationEarningsPage() {
  const { t } = useTranslation('profile');
  const columns: PagedColumn<GenerationRow>[] = [
    { header: t('level'), cell: (r) => r.level },
    { header: t('members'), cell: (r) => r.count },
    { header: t('amount'), cell: (r) => r.amount },
  ];
  return (
    <PageShell title={t('generationTitle')} maxWidth="md">
      <SampleNote />
      <PagedTable
        label={t('generationTitle')}
        columns={columns}
        rows={GENERATION_SAMPLE}
        serialHeader={t('sr')}
        rowKey={(r) => r.level}
      />
      <Paper sx={{ p: 2, mt: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('generationDetails')}
        </Typography>
        <PagedTable
          label={t('generationDetails')}
          columns={[
            { header: t('userId'), cell: () => '' },
            { header: t('level'), cell: () => '' },
            { header: t('amount'), cell: () => '' },
          ]}
          rows={[]}
          emptyText={t('noDataInTable')}
        />
      </Paper>
    </PageShell>
  );
}
