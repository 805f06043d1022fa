import { CardContent, Divider, Grid } from '@mui/material';
import { Labeled, Show, TopToolbar, BooleanField } from 'react-admin';
import { HistoryList } from '../fields/HistoryList';
import { Cell, ShowRupees, ShowTitle, TextCells, WhenCells } from '../showLayout';
import { LinkStateField } from './LinkStateField';
import { ResolveLinkButton } from './ResolveLinkButton';

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
      <HistoryList resource="help-links" testId="link-history" />
    </CardContent>
  </Show>
);
