import type { MouseEvent, ReactNode } from 'react';
import { Chip, Link } from '@mui/material';
import {
  Datagrid,
  ExportButton,
  FunctionField,
  List,
  NumberField,
  SelectInput,
  TextInput,
  TopToolbar,
  useListContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { formatBp, formatPaise } from '../money';
import { DateTimeField } from '../fields/DateTimeField';
import { ResponsiveRows } from '../list/ResponsiveRows';
import { csvExporter } from '../list/csvExporter';

const PAID_CHOICES = [
  { id: 'true', name: 'sahyog.yes' },
  { id: 'false', name: 'sahyog.no' },
];

const REASON_CHOICES = [
  { id: 'inactive', name: 'resources.level-income.reason.inactive' },
  { id: 'no-upline', name: 'resources.level-income.reason.no-upline' },
];

// Filter names are the API's; `paid` is the text 'true' / 'false' (the API compares paid::text).
const levelIncomeFilters = [
  <TextInput key="earner" source="earner" alwaysOn resettable />,
  <TextInput key="from" source="from" alwaysOn resettable />,
  <TextInput key="topup_position" source="topup_position" alwaysOn resettable />,
  <SelectInput key="paid" source="paid" choices={PAID_CHOICES} alwaysOn />,
  <SelectInput key="reason" source="reason" choices={REASON_CHOICES} alwaysOn />,
];

/**
 * A cell value that, clicked, replaces the list's filters with `filter` — so one click on an
 * activation shows all its 15 levels, the skipped ones included.
 */
const FilterLink = ({
  filter,
  title,
  children,
}: {
  filter: Record<string, string>;
  title: string;
  children: ReactNode;
}) => {
  const { setFilters, displayedFilters } = useListContext();
  const onClick = (event: MouseEvent) => {
    event.stopPropagation();
    setFilters(filter, displayedFilters);
  };
  return (
    <Link component="button" type="button" title={title} onClick={onClick} underline="hover">
      {children}
    </Link>
  );
};

const TopupCell = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const position = String(record.topup_position ?? '');
  return (
    <FilterLink
      filter={{ topup_position: position }}
      title={translate('resources.level-income.filter_topup', { position })}
    >
      {position}
    </FilterLink>
  );
};

const FromCell = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const uid = String(record.from_uid ?? '');
  return (
    <FilterLink filter={{ from: uid }} title={translate('resources.level-income.filter_from', { uid })}>
      {uid}
    </FilterLink>
  );
};

/** "Paid", or "Skipped: inactive" / "Skipped: no upline" when the level earned nothing. */
const PaidChip = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  if (record.paid)
    return <Chip component="span" size="small" color="success" label={translate('resources.level-income.paid')} />;
  const reason =
    typeof record.reason === 'string'
      ? translate(`resources.level-income.reason.${record.reason}`, { _: record.reason })
      : '';
  return (
    <Chip
      component="span"
      size="small"
      variant="outlined"
      color="warning"
      label={translate('resources.level-income.skipped', { reason })}
    />
  );
};

const LevelIncomeActions = () => (
  <TopToolbar>
    <ExportButton />
  </TopToolbar>
);

/** Level income per member and per activation, with the skipped levels and why. */
export const LevelIncomeList = () => (
  <List
    exporter={csvExporter}
    empty={false}
    filters={levelIncomeFilters}
    sort={{ field: 'paid_at', order: 'DESC' }}
    perPage={50}
    actions={<LevelIncomeActions />}
  >
    <ResponsiveRows
      primary={
        <FunctionField
          render={(record: RaRecord) =>
            `${record.topup_position ?? ''} · L${record.level ?? ''} · ${record.earner_uid ?? '—'}`
          }
        />
      }
      status={<FunctionField render={(record: RaRecord) => <PaidChip record={record} />} />}
      date="paid_at"
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField source="topup_position" render={(record: RaRecord) => <TopupCell record={record} />} />
        <NumberField source="level" />
        <FunctionField source="from_uid" render={(record: RaRecord) => <FromCell record={record} />} />
        <FunctionField source="earner_uid" render={(record: RaRecord) => record.earner_uid ?? '—'} />
        <FunctionField
          source="on_amount_paise"
          render={(record: RaRecord) => formatPaise(record.on_amount_paise)}
          sortable={false}
          textAlign="right"
        />
        <FunctionField
          source="rate_bp"
          render={(record: RaRecord) => formatBp(record.rate_bp)}
          sortable={false}
          textAlign="right"
        />
        <FunctionField
          source="amount_paise"
          render={(record: RaRecord) => formatPaise(record.amount_paise)}
          textAlign="right"
        />
        <FunctionField source="paid" render={(record: RaRecord) => <PaidChip record={record} />} sortable={false} />
        <DateTimeField source="paid_at" showTime />
      </Datagrid>
    </ResponsiveRows>
  </List>
);
