import { PageShell } from '../../../components/ui/page-shell';
import { PagedTable, type PagedColumn } from '../../../components/ui/paged-table';
import { useDisplayCurrency } from '../../../lib/display-currency';
import { formatDate } from '../../../lib/format-date';
import { formatAmount } from '../../../lib/money';
import { useRows } from '../../../lib/use-rows';
import { fetchLevelIncome, type LevelIncomeRow } from '../api/level-income';

/** /LevelIncome: S/No., User Id (the earner), From Id (whose top-up paid it), Level, Income, Date. */
export function LevelIncomePage() {
  const { load } = useRows(fetchLevelIncome, 'level income');
  const currency = useDisplayCurrency();
  const columns: PagedColumn<LevelIncomeRow>[] = [
    { header: 'User Id', cell: (r) => r.sid },
    { header: 'From Id', cell: (r) => r.uid },
    { header: 'Level', cell: (r) => r.lvl },
    { header: 'Income', cell: (r) => formatAmount(r.income, currency) },
    { header: 'Date', cell: (r) => formatDate(r.dd) },
  ];
  return (
    <PageShell title="Level Income">
      <PagedTable
        label="Level Income"
        serialHeader="S/No."
        columns={columns}
        rows={load.rows}
        loading={load.state === 'loading'}
      />
    </PageShell>
  );
}
