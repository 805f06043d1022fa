import { Box, CardContent, Divider, Grid, List as MuiList, ListItem, ListItemText, Typography } from '@mui/material';
import { Labeled, Show, TopToolbar, useRecordContext, useTranslate, BooleanField } from 'react-admin';
import { formatDateTime } from '../dates';
import { Cell, ShowRupees, ShowTitle, TextCells, WhenCells } from '../showLayout';
import { LinkStateField } from './LinkStateField';
import { ResolveLinkButton } from './ResolveLinkButton';

/** One step of the link's history, as GET help-links/:id answers it. */
interface HistoryStep {
  type: string;
  at: string;
  actor: string;
  remark?: string;
}

const isStep = (value: unknown): value is HistoryStep =>
  typeof value === 'object' && value !== null && 'type' in value && 'at' in value;

/** The link's whole history, oldest first: what happened, when (Indian time), who, and the remark. */
const LinkHistory = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const steps = Array.isArray(record?.history) ? record.history.filter(isStep) : [];
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2">
        {translate('resources.help-links.history.title')}
      </Typography>
      {steps.length === 0 ? (
        <Typography color="text.secondary">{translate('resources.help-links.history.empty')}</Typography>
      ) : (
        <MuiList dense data-testid="link-history">
          {steps.map((step, index) => (
            <ListItem key={`${step.type}-${step.at}-${index}`} divider disableGutters>
              <ListItemText
                primary={translate(`resources.help-links.history.types.${step.type}`, { _: step.type })}
                secondary={[formatDateTime(step.at), step.actor, step.remark].filter(Boolean).join(' · ')}
              />
            </ListItem>
          ))}
        </MuiList>
      )}
    </Box>
  );
};

/** One help link: its parties, amount, UTR and deadline, its whole history, and Resolve while it can be resolved. */
export const HelpLinkShow = () => (
  <Show
    actions={
      <TopToolbar>
        <ResolveLinkButton />
      </TopToolbar>
    }
    title={<ShowTitle resource="help-links" />}
  >
    <CardContent>
      <Labeled source="state">
        <LinkStateField />
      </Labeled>
      <Grid container spacing={2} sx={{ mt: 1 }}>
        <TextCells sources={['id']} emptyText="—" />
        <Cell>
          <ShowRupees source="amountRupees" />
        </Cell>
        <TextCells sources={['sender', 'senderName', 'receiver', 'receiverName', 'utr']} emptyText="—" />
        <WhenCells sources={['deadline', 'createdAt', 'paidAt']} emptyText="—" />
        <TextCells sources={['phEntryId', 'ghEntryId']} emptyText="—" />
        <Cell>
          <Labeled source="manual">
            <BooleanField source="manual" />
          </Labeled>
        </Cell>
        <TextCells sources={['cancelRemark']} emptyText="—" />
      </Grid>
      <Divider sx={{ mt: 2 }} />
      <LinkHistory />
    </CardContent>
  </Show>
);
