import type { ReactElement, ReactNode } from 'react';
import { Chip } from '@mui/material';
import {
  CreateButton,
  ExportButton,
  FunctionField,
  List,
  SelectInput,
  TextInput,
  TopToolbar,
  useResourceDefinition,
  useTranslate,
  type Exporter,
  type RaRecord,
  type SortPayload,
} from 'react-admin';
import { formatPaise } from '../money';
import { csvExporter } from './csvExporter';

interface Choice {
  id: string;
  name: string;
}

/** A text filter, always shown and clearable; `source` is the API's filter name, matched exactly. */
export const textFilter = (source: string, label?: string) => (
  <TextInput key={source} source={source} label={label} alwaysOn resettable />
);

/** A choice filter, always shown; `source` is the API's filter name. */
export const selectFilter = (source: string, choices: Choice[]) => (
  <SelectInput key={source} source={source} choices={choices} alwaysOn />
);

/**
 * An amount in paise (the API's decimal text) as a right-aligned column the API cannot sort by.
 * A function, not a component: Datagrid reads `sortable` and `textAlign` from its children's props.
 */
export const paiseColumn = (source: string) => (
  <FunctionField
    source={source}
    render={(record: RaRecord) => formatPaise(record[source])}
    sortable={false}
    textAlign="right"
  />
);

/** The toolbar of a list whose only action is the CSV export. */
export const ExportActions = () => (
  <TopToolbar>
    <ExportButton />
  </TopToolbar>
);

interface RecordListProps {
  filters: ReactElement[];
  sort: SortPayload;
  perPage?: number;
  /** The toolbar; react-admin's default (filters and export) when left out. */
  actions?: ReactElement;
  /** `false` for a list without CSV export; the formula-safe csvExporter when left out. */
  exporter?: Exporter | false;
  /** The filters a list opens with (e.g. four-eyes: the pending requests). */
  filterDefaultValues?: Record<string, unknown>;
  children: ReactNode;
}

/**
 * A back-office list as most of admin-web has it: filters always on, 25 a page, and the list (with
 * its filters) shown even when nothing matches, rather than react-admin's "create one" page.
 */
export const RecordList = ({
  filters,
  sort,
  perPage = 25,
  actions,
  exporter,
  filterDefaultValues,
  children,
}: RecordListProps) => (
  <List
    empty={false}
    filters={filters}
    sort={sort}
    perPage={perPage}
    actions={actions}
    exporter={exporter ?? csvExporter}
    filterDefaultValues={filterDefaultValues}
  >
    {children}
  </List>
);

/** A list's toolbar with Create, when the role may create (App.tsx registers the create view only then). */
export const CreateActions = () => {
  const { hasCreate } = useResourceDefinition();
  return <TopToolbar>{hasCreate ? <CreateButton /> : null}</TopToolbar>;
};

/** A yes / no state as a chip: green when on, outlined when off (an option enabled, news shown); `label` translated. */
export const OnOffChip = ({ on, label }: { on: boolean; label: string }) =>
  on ? (
    <Chip component="span" size="small" color="success" label={label} />
  ) : (
    <Chip component="span" size="small" variant="outlined" label={label} />
  );

/**
 * A record's off flag (news `hidden`, an option `disabled`), which the API filters as the text 'false' / 'true':
 * the filter's choices (`on` first) and its chip; `on` and `off` are translation keys.
 */
export const offFlagChoices = (on: string, off: string) => [
  { id: 'false', name: on },
  { id: 'true', name: off },
];

export const OffFlagChip = ({ record, flag, on, off }: { record: RaRecord; flag: string; on: string; off: string }) => {
  const translate = useTranslate();
  return <OnOffChip on={!record[flag]} label={translate(record[flag] ? off : on)} />;
};
