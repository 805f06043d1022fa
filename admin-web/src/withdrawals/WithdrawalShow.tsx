import { CardContent, Grid } from '@mui/material';
import { Labeled, SelectField, Show, TextField, TopToolbar } from 'react-admin';
import { DateTimeField } from '../fields/DateTimeField';
import { RupeesField } from '../fields/RupeesField';
import { Cell, ShowTitle } from '../showLayout';
import { ApproveWithdrawalButton, RejectWithdrawalButton } from './WithdrawalActions';
import { WITHDRAWAL_STATUS_CHOICES } from './choices';

const Text = ({ source }: { source: string }) => (
  <Labeled source={source}>
    <TextField source={source} emptyText="—" />
  </Labeled>
);

const When = ({ source }: { source: string }) => (
  <Labeled source={source}>
    <DateTimeField source={source} emptyText="—" />
  </Labeled>
);

const Rupees = ({ source }: { source: string }) => (
  <Labeled source={source}>
    <RupeesField source={source} />
  </Labeled>
);

const WithdrawalShowActions = () => (
  <TopToolbar>
    <ApproveWithdrawalButton />
    <RejectWithdrawalButton />
  </TopToolbar>
);

/** One withdrawal: amount, charge and payout, its state and who decided; Approve / Reject while Requested. */
export const WithdrawalShow = () => (
  <Show actions={<WithdrawalShowActions />} title={<ShowTitle resource="withdrawals" />}>
    <CardContent>
      <Grid container spacing={2}>
        <Cell>
          <Labeled source="status">
            <SelectField source="status" choices={WITHDRAWAL_STATUS_CHOICES} />
          </Labeled>
        </Cell>
        <Cell>
          <Text source="id" />
        </Cell>
        <Cell>
          <Text source="member" />
        </Cell>
        <Cell>
          <Rupees source="amountRupees" />
        </Cell>
        <Cell>
          <Rupees source="chargeRupees" />
        </Cell>
        <Cell>
          <Rupees source="payoutRupees" />
        </Cell>
        <Cell>
          <When source="requestedAt" />
        </Cell>
        <Cell>
          <When source="decidedAt" />
        </Cell>
        <Cell>
          <Text source="decidedBy" />
        </Cell>
        <Cell>
          <Text source="remark" />
        </Cell>
        <Cell>
          <When source="linkedAt" />
        </Cell>
        <Cell>
          <When source="paidAt" />
        </Cell>
      </Grid>
    </CardContent>
  </Show>
);
