import { CardContent, Grid } from '@mui/material';
import { Labeled, SelectField, Show, TopToolbar } from 'react-admin';
import { Cell, ShowRupees, ShowTitle, TextCells, WhenCells } from '../showLayout';
import { ApproveWithdrawalButton, RejectWithdrawalButton } from './WithdrawalActions';
import { WITHDRAWAL_STATUS_CHOICES } from './choices';

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
      <Grid container spacing={2}>
        <Cell>
          <Labeled source="status">
            <SelectField source="status" choices={WITHDRAWAL_STATUS_CHOICES} />
          </Labeled>
        </Cell>
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
