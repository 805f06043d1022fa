import type { MouseEvent } from 'react';
import CallMergeIcon from '@mui/icons-material/CallMerge';
import { Link } from 'react-router-dom';
import { Button as MuiButton } from '@mui/material';
import {
  FunctionField,
  SelectField,
  TextField,
  TopToolbar,
  usePermissions,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { DateTimeField } from '../fields/DateTimeField';
import { RupeesField } from '../fields/RupeesField';
import { ResponsiveDatagrid } from '../list/ResponsiveRows';
import { RecordList, selectFilter, textFilter } from '../list/listParts';
import { RunMatchingButton } from '../matching/RunMatchingButton';
import { canWrite } from '../resources';
import { QueueTotalsPanel } from './QueueTotalsPanel';

export const SIDE_CHOICES = [
  { id: 'PH', name: 'resources.queue-entries.side.PH' },
  { id: 'GH', name: 'resources.queue-entries.side.GH' },
];

const SOURCE_CHOICES = [
  { id: 'help-request', name: 'resources.queue-entries.source.help-request' },
  { id: 'withdrawal', name: 'resources.queue-entries.source.withdrawal' },
  { id: 'ph-completed', name: 'resources.queue-entries.source.ph-completed' },
];

// Filter names are the API's: side (PH | GH), member (a member id).
const queueFilters = [selectFilter('side', SIDE_CHOICES), textFilter('member')];

/**
 * "Match by hand" on a waiting entry: the manual match form (help-links/create) with this entry's
 * id and amount filled in; the admin adds the other side's entry id.
 */
const MatchByHandButton = () => {
  const record = useRecordContext();
  const { permissions } = usePermissions();
  const translate = useTranslate();
  if (!record || !canWrite(permissions, 'help-links')) return null;
  const whole = String(record.amountRupees ?? '').split('.')[0];
  const prefill = record.side === 'PH' ? { phEntryId: record.id } : { ghEntryId: record.id };
  return (
    <MuiButton
      component={Link}
      to="/help-links/create"
      state={{ record: { ...prefill, amountRupees: whole } }}
      size="small"
      startIcon={<CallMergeIcon />}
      onClick={(event: MouseEvent) => event.stopPropagation()}
    >
      {translate('resources.queue-entries.match_by_hand')}
    </MuiButton>
  );
};

const QueueListActions = () => (
  <TopToolbar sx={{ alignItems: 'center' }}>
    <RunMatchingButton />
  </TopToolbar>
);

/** The waiting PH and GH entries, oldest first (the order matching takes them), with the totals per side above. */
export const QueueEntryList = () => (
  <RecordList
    filters={queueFilters}
    sort={{ field: 'since', order: 'ASC' }}
    perPage={50}
    exporter={false}
    actions={<QueueListActions />}
  >
    <QueueTotalsPanel />
    <ResponsiveDatagrid
      primary={
        <FunctionField
          render={(record: RaRecord) =>
            `${String(record.side ?? '')} · ${String(record.member ?? '')} · ${String(record.id)}`
          }
        />
      }
      status={<RupeesField source="amountRupees" />}
      date="since"
      actions={<MatchByHandButton />}
    >
      <DateTimeField source="since" />
      <SelectField source="side" choices={SIDE_CHOICES} sortable={false} />
      <TextField source="member" sortable={false} />
      <RupeesField source="amountRupees" textAlign="right" />
      <SelectField source="source" choices={SOURCE_CHOICES} sortable={false} />
      <TextField source="sourceId" sortable={false} />
      <TextField source="id" sortable={false} sx={{ fontFamily: 'monospace', fontSize: 12 }} />
      <MatchByHandButton />
    </ResponsiveDatagrid>
  </RecordList>
);
