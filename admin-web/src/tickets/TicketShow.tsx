import { CardContent, Divider, Grid } from '@mui/material';
import { Labeled, Show, TextField, TopToolbar } from 'react-admin';
import { HistoryList } from '../fields/HistoryList';
import { Cell, ShowTitle, StatusChip, TextCells, WhenCells } from '../showLayout';
import { CloseTicketButton, ReplyTicketButton } from './TicketActions';
import { TICKET_STATUS_COLORS } from './choices';

const multiLine = { whiteSpace: 'pre-line', overflowWrap: 'anywhere' } as const;

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
      <HistoryList resource="tickets" testId="ticket-history" />
    </CardContent>
  </Show>
);
