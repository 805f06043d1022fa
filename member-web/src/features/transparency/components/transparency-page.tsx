import { useCallback, useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { LanguageSwitch } from '../../../components/ui/language-switch';
import { LoadFailed, LoadingBlock } from '../../../components/ui/load-states';
import { formatDate } from '../../../lib/format-date';
import ledgerFormat from '../../../../../docs/ledger-format.md?raw';
import { fetchEvidence, type Evidence } from '../api/transparency';

/** The checking script, as docs/ledger-format.md holds it (the one a test runs): one source, never a copy. */
const CHECK_SCRIPT =
  ledgerFormat.slice(ledgerFormat.indexOf('### Checking a statement yourself')).match(/```js\n([\s\S]*?)```/)?.[1] ??
  '';

/** Offers `text` as a file named `name`. */
function offer(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

const pre = {
  fontFamily: 'monospace',
  fontSize: 12,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  bgcolor: 'grey.100',
  p: 1.5,
  borderRadius: 1,
  m: 0,
} as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * /transparency, public (no login), English and Hindi (issue 21 §5): the ledger's current public
 * key, the latest signed tree head and digest to save, the network's health figures, and how anyone
 * checks a statement or a saved digest with them.
 */
export function TransparencyPage() {
  const { t } = useTranslation('transparency');
  const [evidence, setEvidence] = useState<Evidence | null | 'failed'>(null);
  const load = useCallback(async () => {
    setEvidence(null);
    try {
      setEvidence(await fetchEvidence());
    } catch {
      setEvidence('failed');
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Container component="main" maxWidth="md" sx={{ py: 3, display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('title')}
        </Typography>
        <LanguageSwitch />
      </Box>
      <Typography>{t('intro')}</Typography>
      {evidence === null && <LoadingBlock label={t('loading')} />}
      {evidence === 'failed' && <LoadFailed message={t('failed')} retry={t('retry')} onRetry={() => void load()} />}
      {evidence !== null && evidence !== 'failed' && (
        <>
          <Section title={t('key.title')}>
            {evidence.key ? (
              <>
                <Typography variant="body2">{t('key.id', { id: evidence.key.keyId })}</Typography>
                <Box component="pre" sx={pre} data-testid="public-key">
                  {evidence.key.keys.map((k) => k.publicKeyPem).join('')}
                </Box>
                <Box>
                  <Button
                    variant="outlined"
                    onClick={() =>
                      offer(
                        'ledger-public-key.pem',
                        evidence.key!.keys.map((k) => k.publicKeyPem).join(''),
                        'application/x-pem-file',
                      )
                    }
                  >
                    {t('key.download')}
                  </Button>
                </Box>
              </>
            ) : (
              <Typography>{t('unavailable')}</Typography>
            )}
          </Section>
          <Section title={t('treeHead.title')}>
            {evidence.treeHead ? (
              <>
                <Typography variant="body2">
                  {t('treeHead.summary', {
                    size: String(evidence.treeHead.treeSize),
                    time: formatDate(String(evidence.treeHead.time)),
                  })}
                </Typography>
                <Box component="pre" sx={pre} data-testid="tree-head">
                  {JSON.stringify(evidence.treeHead, null, 2)}
                </Box>
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                  <Button
                    variant="outlined"
                    onClick={() =>
                      offer('tree-head.json', JSON.stringify(evidence.treeHead, null, 2), 'application/json')
                    }
                  >
                    {t('treeHead.download')}
                  </Button>
                  {evidence.digest && (
                    <Button
                      variant="outlined"
                      onClick={() => offer('digest.json', JSON.stringify(evidence.digest, null, 2), 'application/json')}
                    >
                      {t('digest.download')}
                    </Button>
                  )}
                </Box>
              </>
            ) : (
              <Typography>{t('treeHead.none')}</Typography>
            )}
          </Section>
          <Section title={t('health.title')}>
            {evidence.health ? (
              <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1, m: 0 }}>
                <dt>{t('health.ph')}</dt>
                <dd data-testid="health-ph">
                  {t('health.queue', {
                    count: evidence.health.queues.PH.count,
                    amount: evidence.health.queues.PH.amountRupees,
                  })}
                </dd>
                <dt>{t('health.gh')}</dt>
                <dd data-testid="health-gh">
                  {t('health.queue', {
                    count: evidence.health.queues.GH.count,
                    amount: evidence.health.queues.GH.amountRupees,
                  })}
                </dd>
                <dt>{t('health.week')}</dt>
                <dd data-testid="health-week">
                  {t('health.weekFigures', {
                    links: evidence.health.last7Days.links,
                    amount: evidence.health.last7Days.amountRupees,
                    rate: evidence.health.last7Days.ratePercent ?? '—',
                  })}
                </dd>
              </Box>
            ) : (
              <Typography>{t('unavailable')}</Typography>
            )}
          </Section>
        </>
      )}
      <Section title={t('how.title')}>
        <Box component="ol" sx={{ pl: 3, m: 0, display: 'grid', gap: 1 }}>
          <li>{t('how.save')}</li>
          <li>
            {t('how.statement')} <RouterLink to="/MyStatement">{t('how.statementLink')}</RouterLink>
          </li>
          <li>{t('how.run')}</li>
          <li>{t('how.digest')}</li>
        </Box>
        <Box component="pre" sx={pre}>
          node check-statement.js statement.json ledger-public-key.pem tree-head.json
        </Box>
        <Box>
          <Button variant="outlined" onClick={() => offer('check-statement.js', CHECK_SCRIPT, 'text/javascript')}>
            {t('how.downloadScript')}
          </Button>
        </Box>
        <Box component="pre" sx={pre} data-testid="check-script">
          {CHECK_SCRIPT}
        </Box>
        <Typography variant="body2">{t('how.digestCommand')}</Typography>
        <Box component="pre" sx={pre}>
          npm run ledger -- verify --against digest.json
        </Box>
      </Section>
      <Box>
        <RouterLink to="/">{t('home')}</RouterLink>
      </Box>
    </Container>
  );
}
