import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { DashboardLinks } from './dashboard-links';
import { LinkCard, type Side } from './link-card';
import type { ListLoad } from './use-link-list';

function LogSection({ side, load, firstEd = '' }: { side: Side; load: ListLoad; firstEd?: string }) {
  const { t } = useTranslation('help-links');
  const title = side === 'PH' ? t('phLogs') : t('ghLogs');
  const id = `${side.toLowerCase()}-logs`;
  return (
    <Accordion defaultExpanded disableGutters variant="outlined" slotProps={{ heading: { component: 'h2' } }}>
      <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`${id}-content`} id={`${id}-header`}>
        <Typography variant="h6" component="span">
          {title}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Link
          component={RouterLink}
          to={side === 'PH' ? '/PHRecivePayment' : '/GHRecivePayment'}
          sx={{ display: 'inline-block', mb: 1 }}
        >
          {side === 'PH' ? t('viewAllPh') : t('viewAllGh')}
        </Link>
        {load.state === 'loading' ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
            <CircularProgress size={24} aria-label={`${t('loading')} ${title}`} />
          </Box>
        ) : load.list.rows.length === 0 ? (
          <Typography align="center" color="text.secondary" sx={{ py: 2 }} data-testid={`${id}-empty`}>
            {t('noPending')}
          </Typography>
        ) : (
          <Box
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}
          >
            {load.list.rows.map((link, index) => (
              <LinkCard
                key={link.id}
                link={link}
                side={side}
                serverDate={load.list.serverDate}
                // PhList's first row carries `ed` (end date): its deadline when it has no `ddd`.
                deadline={link.ddd || (index === 0 ? firstEd : '')}
              />
            ))}
          </Box>
        )}
      </AccordionDetails>
    </Accordion>
  );
}

/**
 * The dashboard's two collapsible logs: PH LOGS (PhList) and GH LOGS (GhList), open at first. The
 * lists are the dashboard's (useDashboardLinks), shared with its "needs you now" panel.
 */
export function DashboardLogs({ links: { ph, gh } }: { links: DashboardLinks }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 3 }}>
      <LogSection side="PH" load={ph} firstEd={ph.list.ed} />
      <LogSection side="GH" load={gh} />
    </Box>
  );
}
