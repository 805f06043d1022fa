import { useTranslation } from 'react-i18next';
import { type PagedColumn } from '../../../components/ui/paged-table';
import { TablePage } from '../../../components/ui/table-page';
import { useDisplayCurrency } from '../../../lib/display-currency';
import { formatDate } from '../../../lib/format-date';
import { formatAmount } from '../../../lib/money';
import { useRows } from '../../../lib/use-rows';
import { fetchLevelIncome, type LevelIncomeRow } from '../api/level-income';

/** /LevelIncome: S/No., User Id (the earner), From Id (whose top-up paid it), Level, Income, Date. */
export function LevelIncomePage() {
  const { t } = useTranslation('level-income');
  const { load, reload } = useRows(fetchLevelIncome, 'level income');
  const currency = useDisplayCurrency();
  const columns: PagedColumn<LevelIncomeRow>[] = [
    { header: t('userId'), cell: (r) => r.sid },
    { header: t('fromId'), cell: (r) => r.uid },
    { header: t('level'), cell: (r) => r.lvl },
    { header: t('income'), cell: (r) => formatAmount(r.income, currency) },
    { header: t('date'), cell: (r) => formatDate(r.dd) },
  ];
  return <TablePage title={t('title')} serialHeader={t('serial')} columns={columns} load={load} onRetry={reload} />;
}
