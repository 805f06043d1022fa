import { CreateButton, FunctionField, TextField, TopToolbar, useResourceDefinition, type RaRecord } from 'react-admin';
import { DateTimeField } from '../fields/DateTimeField';
import { RupeesField } from '../fields/RupeesField';
import { ResponsiveDatagrid } from '../list/ResponsiveRows';
import { RecordList, selectFilter, textFilter } from '../list/listParts';
import { RunMatchingButton } from '../matching/RunMatchingButton';
import { formatRupees } from '../money';
import { LINK_STATE_CHOICES, YES_NO_CHOICES } from './choices';
import { LinkStateField } from './LinkStateField';

// Filter names are the API's: state, member (sender or receiver), overdue, disputed.
const linkFilters = [
  selectFilter('state', LINK_STATE_CHOICES),
  textFilter('member'),
  selectFilter('overdue', YES_NO_CHOICES),
  selectFilter('disputed', YES_NO_CHOICES),
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
  <RecordList
    filters={linkFilters}
    sort={{ field: 'createdAt', order: 'DESC' }}
    exporter={false}
    actions={<LinkListActions />}
  >
    <ResponsiveDatagrid
      primary={
        <FunctionField
          render={(record: RaRecord) =>
            `${String(record.sender ?? '')} → ${String(record.receiver ?? '')} · ${formatRupees(record.amountRupees)}` +
            (record.utr ? ` · UTR ${String(record.utr)}` : '')
          }
        />
      }
      status={<LinkStateField />}
      date="createdAt"
      rowClick="show"
    >
      <DateTimeField source="createdAt" />
      <TextField source="id" sortable={false} sx={{ fontFamily: 'monospace', fontSize: 12 }} />
      <LinkStateField source="state" label="resources.help-links.fields.state" sortable />
      <TextField source="sender" sortable={false} />
      <TextField source="receiver" sortable={false} />
      <RupeesField source="amountRupees" textAlign="right" />
      <TextField source="utr" sortable={false} emptyText="—" />
      <DateTimeField source="deadline" />
    </ResponsiveDatagrid>
  </RecordList>
);
