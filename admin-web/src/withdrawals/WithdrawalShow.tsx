import { CardContent, Grid } from '@mui/material';
import { Show, TopToolbar } from 'react-admin';
import { Cell, ShowRupees, ShowTitle, StatusChip, TextCells, WhenCells } from '../showLayout';
import { ApproveWithdrawalButton, RejectWithdrawalButton } from './WithdrawalActions';

const STATUS_COLOR = { Requested: 'warning', Approved: 'info', Paid: 'success', Rejected: 'default' } as const;

/** One withdrawal: amount, charge and payout, its state and who decided; Approve / Reject while Requested. */
export const WithdrawalShow = () => (
  <Show
    actions={
      <TopToolbar>
        <ApproveWithdrawalButton />
        <RejectWithdrawalButton />
      </TopToolbar>
    }
    title={<ShowTitle resource="withdrawals" />}
  >
    <CardContent>
      <StatusChip resource="withdrawals" colors={STATUS_COLOR} testId="withdrawal-status" />
      <Grid container spacing={2}>
        <TextCells sources={['id', 'member']} emptyText="—" />
        {['amountRupees', 'chargeRupees', 'payoutRupees'].map((source) => (
          <Cell key={source}>
            <ShowRupees source={source} />
          </Cell>
        ))}
        <WhenCells sources={['requestedAt', 'decidedAt']} emptyText="—" />
        <TextCells sources={['decidedBy', 'remark']} emptyText="—" />
        <WhenCells sources={['linkedAt', 'paidAt']} emptyText="—" />
      </Grid>
    </CardContent>
  </Show>
);
