import {
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  useResourceDefinition,
  type RaRecord,
} from 'react-admin';
import { DateTimeField } from '../fields/DateTimeField';
import { RupeesField } from '../fields/RupeesField';
import { ResponsiveRows } from '../list/ResponsiveRows';
import { RunMatchingButton } from '../matching/RunMatchingButton';
import { formatRupees } from '../money';
import { LINK_STATE_CHOICES, YES_NO_CHOICES } from './choices';
import { LinkStateField } from './LinkStateField';

// Filter names are the API's: state, member (sender or receiver), overdue, disputed.
const linkFilters = [
  <SelectInput key="state" source="state" choices={LINK_STATE_CHOICES} alwaysOn />,
  <TextInput key="member" source="member" alwaysOn resettable />,
  <SelectInput key="overdue" source="overdue" choices={YES_NO_CHOICES} alwaysOn />,
  <SelectInput key="disputed" source="disputed" choices={YES_NO_CHOICES} alwaysOn />,
];

const LinkListActions = () => {
  const { hasCreate } = useResourceDefinition();
  return (
    <TopToolbar sx={{ alignItems: 'center' }}>
      <RunMatchingButton />
      {hasCreate ? <CreateButton label="resources.help-links.create_button" /> : null}
    </TopToolbar>
  );
};

/** Every help link, newest first; a row opens the link with its whole history (and Resolve). */
export const HelpLinkList = () => (
  <List
    empty={false}
    filters={linkFilters}
    sort={{ field: 'createdAt', order: 'DESC' }}
    perPage={25}
    exporter={false}
    actions={<LinkListActions />}
  >
    <ResponsiveRows
      primary={
        <FunctionField
          render={(record: RaRecord) =>
            `${String(record.sender ?? '')} → ${String(record.receiver ?? '')} · ${formatRupees(record.amountRupees)}`
          }
        />
      }
      status={<LinkStateField />}
      date="createdAt"
      rowClick="show"
    >
      <Datagrid bulkActionButtons={false} rowClick="show">
        <DateTimeField source="createdAt" />
        <TextField source="id" sortable={false} sx={{ fontFamily: 'monospace', fontSize: 12 }} />
        <LinkStateField source="state" label="resources.help-links.fields.state" sortable />
        <TextField source="sender" sortable={false} />
        <TextField source="receiver" sortable={false} />
        <RupeesField source="amountRupees" textAlign="right" />
        <TextField source="utr" sortable={false} emptyText="—" />
        <DateTimeField source="deadline" />
      </Datagrid>
    </ResponsiveRows>
  </List>
);
