import { Box, CardContent, Divider, Grid, List as MuiList, ListItem, ListItemText, Typography } from '@mui/material';
import { Labeled, Show, TextField, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime } from '../dates';
import { Cell, ShowTitle, StatusChip, TextCells, WhenCells } from '../showLayout';
import { CloseTicketButton, ReplyTicketButton } from './TicketActions';
import { TICKET_STATUS_COLORS } from './choices';

/** One step of the ticket's history, as GET tickets/:id answers it (the query, each reply, the close). */
interface HistoryStep {
  type: string;
  at: string;
  actor: string;
  text?: string;
}

const isStep = (value: unknown): value is HistoryStep =>
  typeof value === 'object' && value !== null && 'type' in value && 'at' in value;

const multiLine = { whiteSpace: 'pre-line', overflowWrap: 'anywhere' } as const;

/** The whole conversation, oldest first: who wrote what, when (Indian time). */
const TicketHistory = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const steps = Array.isArray(record?.history) ? record.history.filter(isStep) : [];
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2">
        {translate('resources.tickets.history.title')}
      </Typography>
      <MuiList dense data-testid="ticket-history">
        {steps.map((step, index) => (
          <ListItem key={`${step.type}-${step.at}-${index}`} divider disableGutters>
            <ListItemText
              primary={translate(`resources.tickets.history.types.${step.type}`, { _: step.type })}
              secondary={
                <>
                  <Box component="span" sx={{ display: 'block' }}>
                    {[formatDateTime(step.at), step.actor].join(' · ')}
                  </Box>
                  {step.text ? (
                    <Box component="span" sx={{ display: 'block', ...multiLine }}>
                      {step.text}
                    </Box>
                  ) : null}
                </>
              }
            />
          </ListItem>
        ))}
      </MuiList>
    </Box>
  );
};

/** One ticket: the member's query, the reply they see, its state; Reply and Close while it is not closed. */
export const TicketShow = () => (
  <Show
    actions={
      <TopToolbar>
        <ReplyTicketButton />
        <CloseTicketButton />
      </TopToolbar>
    }
    title={<ShowTitle resource="tickets" />}
  >
    <CardContent>
      <StatusChip resource="tickets" colors={TICKET_STATUS_COLORS} testId="ticket-status" />
      <Grid container spacing={2}>
        <TextCells sources={['id', 'member']} emptyText="—" />
        <WhenCells sources={['raisedAt', 'repliedAt']} emptyText="—" />
        <Grid size={12}>
          <Labeled source="query">
            <TextField source="query" sx={multiLine} />
          </Labeled>
        </Grid>
        <Grid size={12}>
          <Labeled source="reply">
            <TextField source="reply" sx={multiLine} emptyText="—" />
          </Labeled>
        </Grid>
        <TextCells sources={['repliedBy', 'closedBy']} emptyText="—" />
        <Cell>
          <Labeled source="replies">
            <TextField source="replies" />
          </Labeled>
        </Cell>
        <WhenCells sources={['closedAt']} emptyText="—" />
      </Grid>
      <Divider sx={{ mt: 2 }} />
      <TicketHistory />
    </CardContent>
  </Show>
);
