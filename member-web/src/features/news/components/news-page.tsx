import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { type PagedColumn } from '../../../components/ui/paged-table';
import { TablePage } from '../../../components/ui/table-page';
import { formatDate } from '../../../lib/format-date';
import { useRows } from '../../../lib/use-rows';
import { fetchNews, type NewsRow } from '../api/news';

/** /News: the admins' news, newest first, paged (News, Date); line breaks of a news item are kept. */
export function NewsPage() {
  const { t } = useTranslation('news');
  const { load, reload } = useRows(fetchNews, 'news');
  const columns: PagedColumn<NewsRow>[] = [
    {
      header: t('news'),
      cell: (r) => (
        <Box sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="news-content">
          {r.content}
        </Box>
      ),
    },
    { header: t('date'), cell: (r) => formatDate(r.date) },
  ];
  return (
    <TablePage
      title={t('title')}
      serialHeader={t('serial')}
      columns={columns}
      load={load}
      onRetry={reload}
      rowKey={(r) => r.id}
    />
  );
}
