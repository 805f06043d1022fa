import { CardContent, Grid } from '@mui/material';
import { Labeled, SelectField, Show, TopToolbar } from 'react-admin';
import { EPIN_TYPE_CHOICES } from '../epinTypes';
import { Cell, PriceCells, ShowTitle, StatusChip, TextCells, WhenCells } from '../showLayout';
import { ApproveRequestButton, RejectRequestButton } from './EpinRequestActions';

const STATUS_COLOR = { Pending: 'warning', Approved: 'success', Rejected: 'error' } as const;

/** One bank / QR request: who, paid to which option, UTR, what and how much; Approve / Reject while Pending. */
export const EpinRequestShow = () => (
  <Show
    actions={
      <TopToolbar>
        <ApproveRequestButton />
        <RejectRequestButton />
      </TopToolbar>
    }
    title={<ShowTitle resource="epin-requests" />}
  >
    <CardContent>
      <StatusChip resource="epin-requests" colors={STATUS_COLOR} testId="epin-request-status" />
      <Grid container spacing={2}>
        <TextCells sources={['id', 'uid', 'usertype']} />
        <WhenCells sources={['requested_at']} />
        <TextCells sources={['payment_type', 'bank_name', 'accountnumber', 'option_id', 'utrno']} />
        <Cell>
          <Labeled>
            <SelectField source="epin_type" choices={EPIN_TYPE_CHOICES} />
          </Labeled>
        </Cell>
        <TextCells sources={['qty', 'client_amount']} />
        <PriceCells />
        <TextCells sources={['remark']} emptyText="—" />
        <WhenCells sources={['decided_at']} emptyText="—" />
        <TextCells sources={['decided_by']} emptyText="—" />
      </Grid>
    </CardContent>
  </Show>
);
