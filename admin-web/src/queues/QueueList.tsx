import { Datagrid, FunctionField, List, NumberField, TextField, type RaRecord } from 'react-admin';
import { Chip } from '@mui/material';
import { ResponsiveRows } from '../list/ResponsiveRows';

/** The worker's queues (architecture §4): what waits, runs, is scheduled, done and failed in each. */
export const QueueList = () => (
  <List pagination={false} sort={{ field: 'id', order: 'ASC' }} exporter={false}>
    <ResponsiveRows
      primary={<TextField source="id" />}
      status={
        <FunctionField
          render={(record: RaRecord) =>
            `${record.waiting} waiting · ${record.active} running · ${record.delayed} scheduled · ${record.failed} failed`
          }
        />
      }
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="id" sortable={false} />
        <NumberField source="waiting" sortable={false} />
        <NumberField source="active" sortable={false} />
        <NumberField source="delayed" sortable={false} />
        <NumberField source="completed" sortable={false} />
        <FunctionField
          source="failed"
          sortable={false}
          render={(record: RaRecord) => (
            <Chip size="small" label={String(record.failed)} color={Number(record.failed) > 0 ? 'error' : 'default'} />
          )}
        />
      </Datagrid>
    </ResponsiveRows>
  </List>
);
