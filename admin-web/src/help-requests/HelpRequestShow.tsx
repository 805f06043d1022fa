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
import { DateTimeField } from '../fields/DateTimeField';
import { formatPaise } from '../money';
import { Cell, ShowTitle } from '../showLayout';
import { ApproveHelpRequestButton, RejectHelpRequestButton } from './HelpRequestActions';

const Money = ({ source }: { source: string }) => (
  <Labeled source={source}>
    <FunctionField source={source} render={(record: RaRecord) => formatPaise(record[source]) || '—'} />
  </Labeled>
);

const When = ({ source }: { source: string }) => (
  <Labeled source={source}>
    <DateTimeField source={source} emptyText="—" />
  </Labeled>
);

const Text = ({ source }: { source: string }) => (
  <Labeled source={source}>
    <TextField source={source} emptyText="—" />
  </Labeled>
);

const STATUS_COLOR: Record<string, 'warning' | 'info' | 'default'> = {
  'awaiting-approval': 'warning',
  'in-queue': 'info',
  closed: 'default',
};

const StatusChip = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const status = String(record.status ?? '');
  return (
    <Chip
      data-testid="help-request-status"
      sx={{ mb: 2 }}
      color={STATUS_COLOR[status] ?? 'default'}
      label={translate(`resources.help-requests.status.${status}`, { _: status })}
    />
  );
};

const HelpRequestShowActions = () => (
  <TopToolbar>
    <ApproveHelpRequestButton />
    <RejectHelpRequestButton />
  </TopToolbar>
);

/** One help request: who, the tier, where it stands in the circle, who decided; Approve / Reject while it awaits approval. */
export const HelpRequestShow = () => (
  <Show actions={<HelpRequestShowActions />} title={<ShowTitle resource="help-requests" />}>
    <CardContent>
      <StatusChip />
      <Grid container spacing={2}>
        <Cell>
          <Text source="id" />
        </Cell>
        <Cell>
          <Text source="uid" />
        </Cell>
        <Cell>
          <Labeled source="epin_type">
            <SelectField source="epin_type" choices={EPIN_TYPE_CHOICES} />
          </Labeled>
        </Cell>
        <Cell>
          <Money source="tier_paise" />
        </Cell>
        <Cell>
          <Text source="kind" />
        </Cell>
        <Cell>
          <Text source="topup_position" />
        </Cell>
        <Cell>
          <When source="requested_at" />
        </Cell>
        <Cell>
          <Money source="given_paise" />
        </Cell>
        <Cell>
          <Text source="failures" />
        </Cell>
        <Cell>
          <Text source="outcome" />
        </Cell>
        <Cell>
          <Text source="remark" />
        </Cell>
        <Cell>
          <When source="decided_at" />
        </Cell>
        <Cell>
          <Text source="decided_by" />
        </Cell>
        <Cell>
          <When source="closed_at" />
        </Cell>
        <Cell>
          <Money source="entitlement_paise" />
        </Cell>
        <Cell>
          <When source="entitlement_due_at" />
        </Cell>
        <Cell>
          <When source="entitlement_at" />
        </Cell>
      </Grid>
    </CardContent>
  </Show>
);
