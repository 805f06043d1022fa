import {
  Datagrid,
  ExportButton,
  FunctionField,
  List,
  NumberField,
  SelectField,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  type RaRecord,
} from 'react-admin';
import { EPIN_TYPE_CHOICES } from '../epinTypes';
import { formatPaise } from '../money';
import { REQUEST_STATUS_CHOICES } from './choices';
import { DateTimeField } from '../fields/DateTimeField';
import { ResponsiveRows } from '../list/ResponsiveRows';

// Filter names are the API's (status, uid, utrno, epin_type), all exact.
const requestFilters = [
  <SelectInput key="status" source="status" choices={REQUEST_STATUS_CHOICES} alwaysOn />,
  <TextInput key="uid" source="uid" alwaysOn resettable />,
  <TextInput key="utrno" source="utrno" alwaysOn resettable />,
  <SelectInput key="epin_type" source="epin_type" choices={EPIN_TYPE_CHOICES} alwaysOn />,
];

const RequestListActions = () => (
  <TopToolbar>
    <ExportButton />
  </TopToolbar>
);

/** Bank / QR e-pin requests, newest first; a row opens the request, where Approve / Reject are. */
export const EpinRequestList = () => (
  <List
    empty={false}
    filters={requestFilters}
    sort={{ field: 'requested_at', order: 'DESC' }}
    perPage={25}
    actions={<RequestListActions />}
  >
    <ResponsiveRows
      primary={<TextField source="id" />}
      status={<SelectField source="status" choices={REQUEST_STATUS_CHOICES} />}
      date="requested_at"
      rowClick="show"
    >
      <Datagrid bulkActionButtons={false} rowClick="show">
        <DateTimeField source="requested_at" showTime />
        <TextField source="id" sortable={false} />
        <TextField source="uid" />
        <TextField source="bank_name" sortable={false} />
        <TextField source="utrno" sortable={false} />
        <SelectField source="epin_type" choices={EPIN_TYPE_CHOICES} sortable={false} />
        <NumberField source="qty" />
        <FunctionField
          source="net_paise"
          render={(record: RaRecord) => formatPaise(record.net_paise)}
          sortable={false}
          textAlign="right"
        />
        <SelectField source="status" choices={REQUEST_STATUS_CHOICES} />
        <DateTimeField source="decided_at" showTime />
      </Datagrid>
    </ResponsiveRows>
  </List>
);
