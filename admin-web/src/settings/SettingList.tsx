import {
  Datagrid,
  EditButton,
  FunctionField,
  List,
  useResourceDefinition,
  useTranslate,
  type RaRecord,
  type TranslateFunction,
} from 'react-admin';
import { formatBp, formatPaise, rupeesToPaise } from '../money';
import { DateTimeField } from '../fields/DateTimeField';
import { describeHelpSetting } from './helpSettings';
import { ResponsiveRows } from '../list/ResponsiveRows';

interface DiscountTier {
  minQty: number;
  rateBp: number;
}

const isTierList = (value: unknown): value is DiscountTier[] =>
  Array.isArray(value) && value.every((t) => typeof t === 'object' && t !== null && 'minQty' in t && 'rateBp' in t);

/** A setting's value as an admin reads it: rupees, percents, one line. Unknown shapes fall back to JSON. */
export function describeSetting(key: string, value: unknown, translate: TranslateFunction): string {
  if (key === 'epinPricesPaise' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    return Object.entries(value as Record<string, unknown>)
      .map(([type, paise]) => `${type} ${formatPaise(String(paise))}`)
      .join(', ');
  }
  if (key === 'epinDiscountTiers' && isTierList(value)) {
    if (value.length === 0) return translate('resources.settings.no_tiers');
    return value
      .map((t) => translate('resources.settings.tier', { minQty: t.minQty, rate: formatBp(t.rateBp) }))
      .join('; ');
  }
  if (key === 'usdtRateInr' && typeof value === 'string') {
    const paise = rupeesToPaise(value);
    return translate('resources.settings.usdt', { rate: paise === null ? value : formatPaise(paise) });
  }
  if (key === 'levelIncomeRatesBp' && Array.isArray(value)) {
    return value.map((bp, i) => translate('resources.settings.level', { level: i + 1, rate: formatBp(bp) })).join(', ');
  }
  if (key === 'contactAdminUrl' && typeof value === 'string')
    return value || translate('resources.settings.no_chat_link');
  return describeHelpSetting(key, value, translate) ?? JSON.stringify(value);
}

const SettingName = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const key = String(record.key ?? record.id);
  return <span title={key}>{translate(`resources.settings.keys.${key}`, { _: key })}</span>;
};

const SettingValue = ({ record, source }: { record: RaRecord; source: 'value' | 'default' }) => {
  const translate = useTranslate();
  return <span>{describeSetting(String(record.key ?? record.id), record[source], translate)}</span>;
};

const ChangedBy = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  return <span>{record.changed_by ? String(record.changed_by) : translate('resources.settings.not_changed')}</span>;
};

/** The business settings (e-pins, level income, the help circle); the API answers all of them at once, in a fixed order (no sort, no paging). */
export const SettingList = () => {
  const { hasEdit } = useResourceDefinition();
  return (
    <List empty={false} pagination={false} exporter={false} actions={false}>
      <ResponsiveRows
        primary={<FunctionField render={(record: RaRecord) => <SettingName record={record} />} />}
        status={<FunctionField render={(record: RaRecord) => <SettingValue record={record} source="value" />} />}
        date="changed_at"
        rowClick={hasEdit ? 'edit' : false}
      >
        <Datagrid bulkActionButtons={false} rowClick={hasEdit ? 'edit' : false}>
          <FunctionField source="key" render={(record: RaRecord) => <SettingName record={record} />} sortable={false} />
          <FunctionField
            source="value"
            render={(record: RaRecord) => <SettingValue record={record} source="value" />}
            sortable={false}
          />
          <FunctionField
            source="default"
            render={(record: RaRecord) => <SettingValue record={record} source="default" />}
            sortable={false}
          />
          <DateTimeField source="changed_at" showTime sortable={false} />
          <FunctionField
            source="changed_by"
            render={(record: RaRecord) => <ChangedBy record={record} />}
            sortable={false}
          />
          {hasEdit ? <EditButton /> : null}
        </Datagrid>
      </ResponsiveRows>
    </List>
  );
};
