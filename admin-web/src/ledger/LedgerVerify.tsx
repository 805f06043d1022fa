import { useState } from 'react';
import { Alert, AlertTitle, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import DownloadIcon from '@mui/icons-material/Download';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import type { LedgerVerifyResult, SahyogDataProvider } from '../dataProvider';

/** Problems listed under the first bad event at the most; the CLI report has them all. */
const MAX_PROBLEMS_SHOWN = 20;

type VerifyState =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'done'; result: LedgerVerifyResult }
  | { kind: 'error'; message: string };

const Counts = ({ result }: { result: LedgerVerifyResult }) => {
  const translate = useTranslate();
  const rows: [string, number][] = [
    ['sahyog.ledger.events_checked', result.eventsChecked],
    ['sahyog.ledger.streams_checked', result.streamsChecked],
    ['sahyog.ledger.checkpoints_checked', result.checkpointsChecked],
  ];
  if (typeof result.postingsChecked === 'number') rows.push(['sahyog.ledger.postings_checked', result.postingsChecked]);
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content auto', columnGap: 2, rowGap: 0.5, m: 0, mt: 1 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Box component="dt">{translate(label)}</Box>
          <Box component="dd" sx={{ m: 0, fontWeight: 600 }}>
            {String(value)}
          </Box>
        </Box>
      ))}
    </Box>
  );
};

/** Green when every chain and checkpoint holds; red, naming the first bad event, otherwise. */
export const LedgerVerifyResultView = ({ result }: { result: LedgerVerifyResult }) => {
  const translate = useTranslate();
  if (result.ok) {
    return (
      <Alert severity="success" variant="filled" data-testid="ledger-result" data-ok="true">
        <AlertTitle>{translate('sahyog.ledger.ok')}</AlertTitle>
        <Counts result={result} />
      </Alert>
    );
  }
  const bad = result.firstBad;
  return (
    <Alert severity="error" variant="filled" data-testid="ledger-result" data-ok="false">
      <AlertTitle>{translate('sahyog.ledger.failed')}</AlertTitle>
      {bad ? (
        <>
          <Typography fontWeight={700}>
            {translate('sahyog.ledger.first_bad', { position: String(bad.position), stream_id: bad.stream_id })}
          </Typography>
          <Typography>{translate('sahyog.ledger.reason', { reason: bad.reason })}</Typography>
        </>
      ) : null}
      <Counts result={result} />
      <OtherProblems result={result} />
    </Alert>
  );
};

/** Problems after the first, when the API lists them (it caps the list itself). */
const OtherProblems = ({ result }: { result: LedgerVerifyResult }) => {
  const translate = useTranslate();
  const others = (result.problems ?? []).filter(
    (p) => !result.firstBad || String(p.position) !== String(result.firstBad.position) || p.reason !== result.firstBad.reason,
  );
  if (others.length === 0) return null;
  return (
    <Box sx={{ mt: 1 }}>
      <Typography fontWeight={600}>{translate('sahyog.ledger.other_problems')}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {others.slice(0, MAX_PROBLEMS_SHOWN).map((p) => (
          <li key={`${p.position}-${p.reason}`}>
            #{String(p.position)} {p.stream_id}: {p.reason}
          </li>
        ))}
      </Box>
    </Box>
  );
};

type ExportState = { kind: 'idle' } | { kind: 'running' } | { kind: 'done'; filename: string } | { kind: 'error'; message: string };

/** Saves a downloaded file through a temporary link, as a browser download. */
function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** "Download export": the NDJSON an auditor checks with the recipe in docs/ledger-format.md. */
const LedgerExport = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<SahyogDataProvider>();
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const download = async () => {
    setState({ kind: 'running' });
    try {
      const file = await dataProvider.exportLedger();
      saveFile(file.blob, file.filename);
      setState({ kind: 'done', filename: file.filename });
    } catch (error) {
      setState({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  };
  const running = state.kind === 'running';
  return (
    <Stack spacing={1} alignItems="flex-start">
      <Typography color="text.secondary">{translate('sahyog.ledger.export_intro')}</Typography>
      <Button variant="outlined" onClick={download} disabled={running} startIcon={running ? <CircularProgress size={18} color="inherit" /> : <DownloadIcon />}>
        {translate('sahyog.ledger.export')}
      </Button>
      {running ? <Typography role="status">{translate('sahyog.ledger.exporting')}</Typography> : null}
      {state.kind === 'done' ? <Typography role="status">{translate('sahyog.ledger.exported', { filename: state.filename })}</Typography> : null}
      {state.kind === 'error' ? <Alert severity="warning">{translate('sahyog.ledger.export_error', { message: state.message })}</Alert> : null}
    </Stack>
  );
};

/** The auditor's page: runs POST /admin-api/ledger/verify on demand and shows the verdict. */
export const LedgerVerify = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<SahyogDataProvider>();
  const [state, setState] = useState<VerifyState>({ kind: 'idle' });

  const verify = async () => {
    setState({ kind: 'running' });
    try {
      setState({ kind: 'done', result: await dataProvider.verifyLedger() });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setState({ kind: 'error', message });
    }
  };

  const running = state.kind === 'running';
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="sahyog.ledger.title" />
      <CardContent>
        <Stack spacing={2} alignItems="flex-start">
          <Typography variant="h5" component="h1">
            {translate('sahyog.ledger.title')}
          </Typography>
          <Typography color="text.secondary">{translate('sahyog.ledger.intro')}</Typography>
          <Button
            variant="contained"
            onClick={verify}
            disabled={running}
            startIcon={running ? <CircularProgress size={18} color="inherit" /> : <VerifiedUserIcon />}
          >
            {translate('sahyog.ledger.verify')}
          </Button>
          {running ? <Typography role="status">{translate('sahyog.ledger.running')}</Typography> : null}
          {state.kind === 'done' ? <LedgerVerifyResultView result={state.result} /> : null}
          {state.kind === 'error' ? (
            <Alert severity="warning">{translate('sahyog.ledger.error', { message: translate(state.message, { _: state.message }) })}</Alert>
          ) : null}
          <LedgerExport />
        </Stack>
      </CardContent>
    </Card>
  );
};
