import { serverText } from '../../../lib/notify';
import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { LoadFailed, LoadingBlock } from '../../../components/ui/load-states';
import { PageShell } from '../../../components/ui/page-shell';
import { formatDate } from '../../../lib/format-date';
import { formatPaise } from '../../../lib/money';
import {
  fetchStatement,
  saveTreeHead,
  savedTreeHead,
  type Statement,
  type StatementAnswer,
  type StatementEntry,
} from '../api/statement';

type View = { state: 'loading' } | { state: 'done'; answer: StatementAnswer; since: number | null };

/** '+₹1000.00' / '-₹500.00': the sign says which way the entry moved the account. */
const signed = (amountPaise: string) => {
  if (!/^-?\d+$/.test(amountPaise)) return amountPaise;
  const paise = BigInt(amountPaise);
  return `${paise < 0n ? '-' : '+'}${formatPaise(paise < 0n ? -paise : paise, 'INR')}`;
};

/** Offers the statement as it came, byte for byte what the checking script reads. */
function download(statement: Statement) {
  const blob = new Blob([JSON.stringify(statement, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `sahyog-statement-${statement.member}-${statement.treeHead.treeSize}.json`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

function Entries({ entries }: { entries: StatementEntry[] }) {
  const { t } = useTranslation('statement');
  const words = (e: StatementEntry) => t(`types.${e.type}`, { defaultValue: e.description });
  return (
    // At 390 px the four columns fit without a sideways scroll: tighter cells, and the date and an
    // amount's account word may wrap (the figure itself never breaks).
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('title')} sx={{ '& .MuiTableCell-root': { px: { xs: 0.75, sm: 2 } } }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('columns.date')}</TableCell>
            <TableCell>{t('columns.entry')}</TableCell>
            <TableCell>{t('columns.amount')}</TableCell>
            <TableCell>{t('columns.position')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {[...entries].reverse().map((e) => (
            <TableRow key={e.position} data-testid="statement-entry">
              <TableCell sx={{ whiteSpace: { xs: 'normal', sm: 'nowrap' } }}>{formatDate(e.time)}</TableCell>
              <TableCell>{words(e)}</TableCell>
              <TableCell>
                {e.postings.map((p) => (
                  <Box key={p.account}>
                    {t(`accounts.${p.account.split(':')[2] ?? ''}`, { defaultValue: p.account })}{' '}
                    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                      {signed(p.amountPaise)}
                    </Box>
                  </Box>
                ))}
              </TableCell>
              <TableCell>{e.position}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * /MyStatement: every ledger entry touching the member in words, with the signed tree head they are
 * proven in, and a download of the statement as the server sent it (proofs included) for the
 * checking script of docs/ledger-format.md. The tree head of each statement is kept on this device
 * and sent as `since` next time, so the server must prove the ledger still extends it.
 */
export function StatementPage() {
  const { t } = useTranslation('statement');
  const [view, setView] = useState<View>({ state: 'loading' });

  const load = useCallback(async (useSaved: boolean) => {
    setView({ state: 'loading' });
    const since = useSaved ? savedTreeHead() : null;
    try {
      const answer = await fetchStatement(since);
      if (answer.kind === 'statement') saveTreeHead(answer.statement.treeHead);
      setView({ state: 'done', answer, since: since?.treeSize ?? null });
    } catch {
      setView({ state: 'done', answer: { kind: 'failed', message: '' }, since: null });
    }
  }, []);

  useEffect(() => {
    void load(true);
  }, [load]);

  if (view.state === 'loading')
    return (
      <PageShell title={t('title')}>
        <LoadingBlock label={t('loading')} />
      </PageShell>
    );
  const { answer, since } = view;
  return (
    <PageShell title={t('title')}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('intro')} <RouterLink to="/transparency">{t('transparency')}</RouterLink>
      </Typography>
      {answer.kind === 'failed' && (
        <LoadFailed
          message={answer.message ? `${t('failed')} ${serverText(answer.message)}` : t('failed')}
          retry={t('retry')}
          onRetry={() => void load(true)}
        />
      )}
      {answer.kind === 'not-extended' && (
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={() => void load(false)}>
              {t('withoutSaved')}
            </Button>
          }
        >
          {t('notExtended')} {serverText(answer.message)}
        </Alert>
      )}
      {answer.kind === 'statement' && (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Alert severity="success" icon={false}>
            <Box>
              {t('treeHead', {
                size: answer.statement.treeHead.treeSize,
                time: formatDate(answer.statement.treeHead.time),
                key: answer.statement.treeHead.keyId,
              })}
            </Box>
            <Box sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', fontSize: 12 }}>
              {t('root')}: {answer.statement.treeHead.rootHash}
            </Box>
            <Box sx={{ mt: 1 }}>{since !== null ? t('extends', { size: since }) : t('firstSave')}</Box>
          </Alert>
          <Box>
            <Button variant="contained" onClick={() => download(answer.statement)}>
              {t('download')}
            </Button>
          </Box>
          {answer.statement.pending.length > 0 && (
            <Typography variant="body2">{t('pending', { count: answer.statement.pending.length })}</Typography>
          )}
          {answer.statement.omitted > 0 && (
            <Typography variant="body2">{t('omitted', { count: answer.statement.omitted })}</Typography>
          )}
          {answer.statement.entries.length === 0 ? (
            <Typography>{t('empty')}</Typography>
          ) : (
            <Entries entries={answer.statement.entries} />
          )}
        </Box>
      )}
    </PageShell>
  );
}
