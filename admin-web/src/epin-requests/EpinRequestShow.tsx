import { CardContent, Chip, Grid } from '@mui/material';
import {
  FunctionField,
  Labeled,
  SelectField,
  Show,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { EPIN_TYPE_CHOICES } from '../epinTypes';
import { Cell, ShowTitle } from '../showLayout';
import { formatBp, formatPaise } from '../money';
import { ApproveRequestButton, RejectRequestButton } from './EpinRequestActions';
import { DateTimeField } from '../fields/DateTimeField';

const Money = ({ source }: { source: string }) => (
  <Labeled source={source}>
    <FunctionField source={source} render={(record: RaRecord) => formatPaise(record[source])} />
  </Labeled>
);

const STATUS_COLOR: Record<string, 'warning' | 'success' | 'error'> = {
  Pending: 'warning',
  Approved: 'success',
  Rejected: 'error',
};

const StatusChip = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const status = String(record.status ?? '');
  return (
    <Chip
      data-testid="epin-request-status"
      sx={{ mb: 2 }}
      color={STATUS_COLOR[status] ?? 'default'}
      label={translate(`resources.epin-requests.status.${status}`, { _: status })}
    />
  );
};

const RequestActions = () => (
  <TopToolbar>
    <ApproveRequestButton />
    <RejectRequestButton />
  </TopToolbar>
);

/** One bank / QR request: who, paid to which option, UTR, what and how much; Approve / Reject while Pending. */
export const EpinRequestShow = () => (
  <Show actions={<RequestActions />} title={<ShowTitle resource="epin-requests" />}>
    <CardContent>
      <StatusChip />
      <Grid container spacing={2}>
        <Cell>
          <Labeled>
            <TextField source="id" />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <TextField source="uid" />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <TextField source="usertype" />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <DateTimeField source="requested_at" showTime />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <TextField source="payment_type" />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <TextField source="bank_name" />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <TextField source="accountnumber" />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <TextField source="option_id" />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <TextField source="utrno" />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <SelectField source="epin_type" choices={EPIN_TYPE_CHOICES} />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <TextField source="qty" />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <TextField source="client_amount" />
          </Labeled>
        </Cell>
        <Cell>
          <Money source="amount_paise" />
        </Cell>
        <Cell>
          <Labeled>
            <FunctionField source="discount_rate_bp" render={(record: RaRecord) => formatBp(record.discount_rate_bp)} />
          </Labeled>
        </Cell>
        <Cell>
          <Money source="discount_paise" />
        </Cell>
        <Cell>
          <Money source="net_paise" />
        </Cell>
        <Cell>
          <Labeled>
            <TextField source="remark" emptyText="—" />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <DateTimeField source="decided_at" showTime emptyText="—" />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <TextField source="decided_by" emptyText="—" />
          </Labeled>
        </Cell>
      </Grid>
    </CardContent>
  </Show>
);
