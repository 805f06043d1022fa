import { FunctionField, SelectField, TextField, type RaRecord } from 'react-admin';
import { DateTimeField } from '../fields/DateTimeField';
import { ResponsiveDatagrid } from '../list/ResponsiveRows';
import { RecordList, selectFilter, textFilter } from '../list/listParts';
import { TICKET_STATUS_CHOICES } from './choices';

// Filter names are the API's: member (a member id), status, q (the query contains).
const ticketFilters = [
  textFilter('member'),
  selectFilter('status', TICKET_STATUS_CHOICES),
  textFilter('q', 'resources.tickets.filters.q'),
];

const clip = (text: unknown) => {
  const value = String(text ?? '');
  return value.length > 80 ? `${value.slice(0, 79)}…` : value;
};

/** Members' help-desk tickets, newest first; a row opens one (Reply / Close there). */
export const TicketList = () => (
  <RecordList filters={ticketFilters} sort={{ field: 'raisedAt', order: 'DESC' }} exporter={false}>
    <ResponsiveDatagrid
      primary={
        <FunctionField render={(record: RaRecord) => `${String(record.member ?? '')} · ${clip(record.query)}`} />
      }
      status={<SelectField source="status" choices={TICKET_STATUS_CHOICES} />}
      date="raisedAt"
      rowClick="show"
    >
      <DateTimeField source="raisedAt" />
      <TextField source="id" sortable={false} sx={{ fontFamily: 'monospace', fontSize: 12 }} />
      <TextField source="member" sortable={false} />
      <FunctionField source="query" sortable={false} render={(record: RaRecord) => clip(record.query)} />
      <SelectField source="status" choices={TICKET_STATUS_CHOICES} />
      <DateTimeField source="repliedAt" emptyText="—" />
      <TextField source="repliedBy" sortable={false} emptyText="—" />
    </ResponsiveDatagrid>
  </RecordList>
);
