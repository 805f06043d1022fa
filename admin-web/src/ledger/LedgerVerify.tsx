import { useEffect, useState } from 'react';
import { Alert, AlertTitle, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import DownloadIcon from '@mui/icons-material/Download';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import {
  LEDGER_PUBLIC_URL,
  type LedgerDigest,
  type LedgerPublicKey,
  type LedgerVerifyResult,
  type SahyogDataProvider,
} from '../dataProvider';
import { formatDateTime } from '../dates';

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
    ['sahyog.ledger.postings_checked', result.postingsChecked],
    ...(result.projections
      ? ([
          ['sahyog.ledger.tables_compared', result.projections.tablesCompared],
          ['sahyog.ledger.rows_differing', result.projections.differingRows],
        ] as [string, number][])
      : []),
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content auto', columnGap: 2, rowGap: 0.5, m: 0, mt: 1 }}
    >
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
            {translate('sahyog.ledger.first_bad', { position: bad.position, stream_id: bad.stream_id })}
          </Typography>
          <Typography>{translate('sahyog.ledger.reason', { reason: bad.reason })}</Typography>
        </>
      ) : null}
      <Counts result={result} />
      <OtherProblems result={result} />
    </Alert>
  );
};

/** Problems after the first (the API caps the list itself). */
const OtherProblems = ({ result }: { result: LedgerVerifyResult }) => {
  const translate = useTranslate();
  const others = result.problems.filter(
    (p) => !result.firstBad || p.position !== result.firstBad.position || p.reason !== result.firstBad.reason,
  );
  if (others.length === 0) return null;
  return (
    <Box sx={{ mt: 1 }}>
      <Typography fontWeight={600}>{translate('sahyog.ledger.other_problems')}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {others.slice(0, MAX_PROBLEMS_SHOWN).map((p) => (
          <li key={`${p.position}-${p.reason}`}>
            #{p.position} {p.stream_id}: {p.reason}
          </li>
        ))}
      </Box>
    </Box>
  );
};

type ExportState =
  { kind: 'idle' } | { kind: 'running' } | { kind: 'done'; filename: string } | { kind: 'error'; message: string };

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
      <Button
        variant="outlined"
        onClick={download}
        disabled={running}
        startIcon={running ? <CircularProgress size={18} color="inherit" /> : <DownloadIcon />}
      >
        {translate('sahyog.ledger.export')}
      </Button>
      {running ? <Typography role="status">{translate('sahyog.ledger.exporting')}</Typography> : null}
      {state.kind === 'done' ? (
        <Typography role="status">{translate('sahyog.ledger.exported', { filename: state.filename })}</Typography>
      ) : null}
      {state.kind === 'error' ? (
        <Alert severity="warning">{translate('sahyog.ledger.export_error', { message: state.message })}</Alert>
      ) : null}
    </Stack>
  );
};

type Evidence =
  | { kind: 'loading' }
  | { kind: 'done'; key: LedgerPublicKey | null; digest: LedgerDigest | null }
  | { kind: 'error'; message: string };

/**
 * The ledger's public evidence: the key that signs checkpoints (and retired keys still trusted) and
 * the latest signed checkpoint, which anyone may save and later check the ledger against
 * (`npm run ledger -- verify --against digest.json`, docs/ledger-format.md).
 */
export const LedgerSigningKey = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<SahyogDataProvider>();
  const [state, setState] = useState<Evidence>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    Promise.all([dataProvider.ledgerPublicKey(), dataProvider.ledgerDigest()]).then(
      ([key, digest]) => live && setState({ kind: 'done', key, digest }),
      (error: unknown) =>
        live && setState({ kind: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [dataProvider]);
  if (state.kind === 'loading') return <Typography role="status">{translate('sahyog.ledger.key_loading')}</Typography>;
  if (state.kind === 'error')
    return <Alert severity="warning">{translate('sahyog.ledger.key_error', { message: state.message })}</Alert>;
  return (
    <Stack spacing={1} alignItems="flex-start" data-testid="ledger-signing-key">
      <Typography variant="h6" component="h2">
        {translate('sahyog.ledger.key_title')}
      </Typography>
      <Typography color="text.secondary">{translate('sahyog.ledger.key_intro')}</Typography>
      {(state.key?.keys ?? []).map((key) => (
        <Box key={key.keyId}>
          <Typography fontWeight={600}>
            {translate(key.current ? 'sahyog.ledger.key_current' : 'sahyog.ledger.key_retired', { keyId: key.keyId })}
          </Typography>
          <Box component="pre" sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap' }}>
            {key.publicKeyPem}
          </Box>
        </Box>
      ))}
      {state.digest ? (
        <Typography>
          {translate('sahyog.ledger.digest_latest', {
            position: state.digest.position,
            time: formatDateTime(state.digest.time),
            digest: state.digest.digest,
          })}
        </Typography>
      ) : (
        <Typography>{translate('sahyog.ledger.digest_none')}</Typography>
      )}
      <Button
        href={`${LEDGER_PUBLIC_URL}/digest`}
        download="sahyog-ledger-digest.json"
        variant="text"
        startIcon={<DownloadIcon />}
        disabled={!state.digest}
      >
        {translate('sahyog.ledger.digest_save')}
      </Button>
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
            <Alert severity="warning">
              {translate('sahyog.ledger.error', { message: translate(state.message, { _: state.message }) })}
            </Alert>
          ) : null}
          <LedgerExport />
          <LedgerSigningKey />
        </Stack>
      </CardContent>
    </Card>
  );
};
