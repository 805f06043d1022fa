import {
  Datagrid,
  EditButton,
  FunctionField,
  List,
  SelectField,
  SelectInput,
  TextField,
  useResourceDefinition,
  type RaRecord,
} from 'react-admin';
import { OPTION_TYPE_CHOICES } from './paymentOptionForm';
import { ResponsiveRows } from '../list/ResponsiveRows';
import { QrImageField } from '../fields/QrImageField';
import { CreateActions, OffFlagChip, offFlagChoices } from '../list/listParts';

const DISABLED_CHOICES = offFlagChoices('resources.payment-options.enabled', 'resources.payment-options.disabled');

// Filter names are the API's; `disabled` is the text 'true' / 'false' (the API compares disabled::text).
const optionFilters = [
  <SelectInput key="type" source="type" choices={OPTION_TYPE_CHOICES} alwaysOn />,
  <SelectInput
    key="disabled"
    source="disabled"
    label="resources.payment-options.fields.state"
    choices={DISABLED_CHOICES}
    alwaysOn
  />,
];

const StateChip = ({ record }: { record: RaRecord }) => (
  <OffFlagChip
    record={record}
    flag="disabled"
    on="resources.payment-options.enabled"
    off="resources.payment-options.disabled"
  />
);

/** Bank and QR options members pay to; superadmin gets Create and Edit (no Delete: options are events). */
export const PaymentOptionList = () => {
  const { hasEdit } = useResourceDefinition();
  return (
    <List
      empty={false}
      filters={optionFilters}
      sort={{ field: 'created_at', order: 'ASC' }}
      perPage={25}
      actions={<CreateActions />}
      exporter={false}
    >
      <ResponsiveRows
        primary={<FunctionField render={(record: RaRecord) => `${record.Bank_Name ?? ''} (${record.id})`} />}
        status={<FunctionField render={(record: RaRecord) => <StateChip record={record} />} />}
        date="created_at"
        rowClick={hasEdit ? 'edit' : false}
      >
        <Datagrid bulkActionButtons={false} rowClick={hasEdit ? 'edit' : false}>
          <TextField source="id" />
          <SelectField source="type" choices={OPTION_TYPE_CHOICES} />
          <TextField source="Bank_Name" sortBy="bank_name" />
          <TextField source="acholdername" sortable={false} />
          <TextField source="btcaddress" sortable={false} />
          <TextField source="ifsc" sortable={false} />
          <QrImageField source="imglink" nameSource="Bank_Name" sortable={false} />
          <FunctionField source="disabled" render={(record: RaRecord) => <StateChip record={record} />} />
          {hasEdit ? <EditButton /> : null}
        </Datagrid>
      </ResponsiveRows>
    </List>
  );
};
