import ReplayIcon from '@mui/icons-material/Replay';
import {
  Button,
  Datagrid,
  List,
  NumberField,
  SelectInput,
  TextField,
  useDataProvider,
  usePermissions,
  useRecordContext,
} from 'react-admin';
import type { SahyogDataProvider } from '../dataProvider';
import { canRetryJobs } from '../roles';
import { useAdminAction } from '../useAdminAction';
import { DateTimeField } from '../fields/DateTimeField';
import { ResponsiveRows } from '../list/ResponsiveRows';

const QUEUE_CHOICES = ['mail', 'ledger-checkpoint', 'level-income', 'payment-status', 'payment-sweep'].map((id) => ({
  id,
  name: id,
}));

const failedJobFilters = [<SelectInput key="queue" source="queue" choices={QUEUE_CHOICES} alwaysOn />];

/** "Retry": the job runs again from the start (processors are idempotent); superadmin only, as the API. */
const RetryJobButton = () => {
  const record = useRecordContext();
  const { permissions } = usePermissions();
  const dataProvider = useDataProvider<SahyogDataProvider>();
  const { busy, run, notify } = useAdminAction();
  if (!record || !canRetryJobs(permissions)) return null;
  const retry = () =>
    run(async () => {
      await dataProvider.retryFailedJob(String(record.id));
      notify('resources.failed-jobs.retried', { type: 'success', messageArgs: { id: String(record.id) } });
    });
  return (
    <Button
      label="resources.failed-jobs.retry"
      disabled={busy}
      onClick={(event) => {
        event.stopPropagation();
        void retry();
      }}
    >
      <ReplayIcon />
    </Button>
  );
};

/** Jobs that used up their attempts, newest failure first, with the processor's reason. */
export const FailedJobList = () => (
  <List filters={failedJobFilters} sort={{ field: 'failed_at', order: 'DESC' }} exporter={false} empty={false}>
    <ResponsiveRows
      primary={<TextField source="id" />}
      status={<TextField source="failed_reason" />}
      date="failed_at"
      actions={<RetryJobButton />}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="queue" sortable={false} />
        <TextField source="job_id" sortable={false} />
        <TextField source="failed_reason" sortable={false} />
        <NumberField source="attempts_made" sortable={false} />
        <DateTimeField source="failed_at" showTime />
        <RetryJobButton />
      </Datagrid>
    </ResponsiveRows>
  </List>
);
