import { FunctionField, NumberField, SelectField, TextField, type RaRecord } from 'react-admin';
import { EPIN_TYPE_CHOICES } from '../epinTypes';
import { REQUEST_STATUS_CHOICES } from './choices';
import { DateTimeField } from '../fields/DateTimeField';
import { formatPaise } from '../money';
import { ResponsiveDatagrid } from '../list/ResponsiveRows';
import { ExportActions, RecordList, paiseColumn, selectFilter, textFilter } from '../list/listParts';

// Filter names are the API's (status, uid, utrno, epin_type), all exact.
const requestFilters = [
  selectFilter('status', REQUEST_STATUS_CHOICES),
  textFilter('uid'),
  textFilter('utrno'),
  selectFilter('epin_type', EPIN_TYPE_CHOICES),
];

/** Bank / QR e-pin requests, newest first; a row opens the request, where Approve / Reject are. */
export const EpinRequestList = () => (
  <RecordList filters={requestFilters} sort={{ field: 'requested_at', order: 'DESC' }} actions={<ExportActions />}>
    <ResponsiveDatagrid
      primary={
        <FunctionField
          render={(record: RaRecord) =>
            `${String(record.uid ?? '')} · ${formatPaise(record.net_paise)} · UTR ${String(record.utrno || '—')}`
          }
        />
      }
      status={<SelectField source="status" choices={REQUEST_STATUS_CHOICES} />}
      date="requested_at"
      rowClick="show"
    >
      <DateTimeField source="requested_at" showTime />
      <TextField source="id" sortable={false} />
      <TextField source="uid" />
      <TextField source="utrno" sortable={false} />
      <SelectField source="epin_type" choices={EPIN_TYPE_CHOICES} sortable={false} />
      <NumberField source="qty" />
      {paiseColumn('net_paise')}
      <SelectField source="status" choices={REQUEST_STATUS_CHOICES} />
    </ResponsiveDatagrid>
  </RecordList>
);
