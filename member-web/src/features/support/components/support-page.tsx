import { useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/ui/page-shell';
import { PagedTable, type PagedColumn } from '../../../components/ui/paged-table';
import { StatusText, type StatusColor } from '../../../components/ui/status-text';
import { ForcedLogoutError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRows } from '../../../lib/use-rows';
import { fetchTickets, QUERY_MAX_LENGTH, QUERY_SENT, sendQuery, type TicketRow } from '../api/helpdesk';
import { FormStack, SubmitButton } from '../../../components/ui/form-stack';

/** Spec §2: a ticket's status is red while open, green otherwise. */
export function ticketStatusColor(status: string): StatusColor {
  return status === 'open' ? 'error.main' : 'success.main';
}

const multiLine = { whiteSpace: 'pre-line', overflowWrap: 'anywhere' } as const;

/**
 * /Support (Raise A Query): a query box and Submit; empty → 'Please enter your query' (no call);
 * 'Successfully send query' clears the box and reloads the Record table, anything else is the
 * error toast. The Record lists the member's tickets with the desk's replies.
 */
export function SupportPage() {
  const { t } = useTranslation('support');
  const { load, reload } = useRows(fetchTickets, 'help-desk history');
  const [query, setQuery] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit() {
    if (busy) return;
    if (query.trim() === '') {
      setError(t('enterQuery'));
      notifyError(t('enterQuery'));
      return;
    }
    setError('');
    setBusy(true);
    try {
      const result = await sendQuery(query);
      if (result === QUERY_SENT) {
        notifySuccess(t('sent'));
        setQuery('');
        reload();
      } else notifyError(result || t('failed'));
    } catch (failure) {
      if (failure instanceof ForcedLogoutError) return;
      console.error('help-desk query failed', failure);
      notifyError(t('failed'));
    } finally {
      setBusy(false);
    }
  }

  const columns: PagedColumn<TicketRow>[] = [
    { header: t('userId'), cell: (r) => r.userId },
    { header: t('ticketId'), cell: (r) => r.ticketId },
    { header: t('query'), cell: (r) => <Box sx={multiLine}>{r.query}</Box> },
    {
      header: t('status'),
      role: 'status',
      cell: (r) => <StatusText status={r.status} color={ticketStatusColor(r.status)} testId="ticket-status" />,
    },
    { header: t('reply'), cell: (r) => <Box sx={multiLine}>{r.reply || '—'}</Box> },
    { header: t('dateTime'), cell: (r) => formatDateTime(r.date) },
  ];

  return (
    <PageShell title={t('title')}>
      <Paper sx={{ p: { xs: 2, sm: 3 }, mb: 3, maxWidth: 720 }}>
        <FormStack onSubmit={() => void submit()}>
          <TextField
            label={t('queryLabel')}
            value={query}
            multiline
            minRows={4}
            onChange={(event) => {
              setQuery(event.target.value.slice(0, QUERY_MAX_LENGTH));
              setError('');
            }}
            disabled={busy}
            error={error !== ''}
            helperText={error || t('queryHelp', { count: query.length, max: QUERY_MAX_LENGTH })}
            slotProps={{ htmlInput: { maxLength: QUERY_MAX_LENGTH } }}
          />
          <SubmitButton
            busy={busy}
            label={t('submit')}
            busyLabel={t('processing2')}
            sx={{ alignSelf: { sm: 'flex-start' } }}
          />
        </FormStack>
      </Paper>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('record')}
      </Typography>
      <PagedTable
        label={t('record')}
        serialHeader={t('serial')}
        columns={columns}
        rows={load.rows}
        loading={load.state === 'loading'}
        failed={load.state === 'failed'}
        onRetry={reload}
      />
    </PageShell>
  );
}
