import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from './load-states';

export interface PagedColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /**
   * The row's status or its action: on a phone these lead and close each card, so they are
   * always in view (the other columns follow as label: value).
   */
  role?: 'status' | 'action';
}

interface Props<T> {
  /** The table's accessible name (also its caption for screen readers). */
  label: string;
  columns: ReadonlyArray<PagedColumn<T>>;
  rows: ReadonlyArray<T>;
  /** Header of the serial-number column counting across pages (spec: 'S.No', 'S/No.', 'SR'…). */
  serialHeader?: string;
  emptyText?: string;
  loading?: boolean;
  /**
   * The read failed (issue 20): with no rows the table says so, with `onRetry`, instead of the
   * empty text, so a member never reads "No Data Found" for a list that did not arrive.
   */
  failed?: boolean;
  onRetry?: () => void;
  rowKey?: (row: T, index: number) => string;
}

/** Spec §2/§9: default 10 rows per page, options 10/20/50/100, the size changer only above 50 rows. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const SIZE_CHANGER_ABOVE = 50;

export function clampPage(wanted: number, lastPage: number): number {
  if (!Number.isFinite(wanted)) return 1;
  return Math.min(Math.max(1, Math.trunc(wanted)), Math.max(1, lastPage));
}

/**
 * The one list table of member-web: client-side paging (first page 1), an S.No column counting
 * across pages, a page-size selector shown when there are more than 50 rows, and a jump-to-page
 * box that clamps to 1..last page. Phone-first: below MUI's `sm` breakpoint each row is a card
 * (label: value) with the row's status and action in view, so nothing scrolls sideways.
 */
export function PagedTable<T>({
  label,
  columns,
  rows,
  serialHeader,
  emptyText,
  loading = false,
  failed = false,
  onRetry,
  rowKey,
}: Props<T>) {
  const { t } = useTranslation('common');
  const theme = useTheme();
  // noSsr: the first render already knows the width (no table flash on a phone).
  const asCards = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const serial = serialHeader ?? t('table.serial');
  const empty = emptyText ?? t('noDataFound');
  const [chosenSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [requestedPage, setPage] = useState(1);
  const [jump, setJump] = useState('');
  const showSizeChanger = rows.length > SIZE_CHANGER_ABOVE;
  // Without the size changer the page size is the default 10.
  const pageSize = showSizeChanger ? chosenSize : DEFAULT_PAGE_SIZE;
  const lastPage = Math.max(1, Math.ceil(rows.length / pageSize));
  // A shrinking list (a reload) never leaves the table past its last page; the clamped page is kept.
  let page = clampPage(requestedPage, lastPage);
  if (!showSizeChanger && chosenSize !== DEFAULT_PAGE_SIZE) {
    // The list shrank to 50 rows or fewer: the size chosen for the longer list is dropped and, as with
    // any new size, paging starts again at page 1.
    setPageSize(DEFAULT_PAGE_SIZE);
    setPage(1);
    page = 1;
  } else if (page !== requestedPage) {
    setPage(page);
  }
  const first = (page - 1) * pageSize;
  const visible = rows.slice(first, first + pageSize);

  function jumpTo() {
    if (jump.trim() === '') return;
    const target = clampPage(Number(jump), lastPage);
    setPage(target);
    setJump(String(target));
  }

  if (failed && rows.length === 0)
    return (
      <Paper variant="outlined" aria-label={label} role="region">
        <LoadFailed
          message={t('connection.loadFailed')}
          retry={t('connection.retry')}
          onRetry={() => (onRetry ? onRetry() : window.location.reload())}
        />
      </Paper>
    );
  return (
    <Paper variant="outlined">
      {asCards ? (
        <CardList
          label={label}
          columns={columns}
          rows={visible}
          first={first}
          serialHeader={serial}
          emptyText={empty}
          loading={loading && rows.length === 0}
          empty={!loading && rows.length === 0}
          rowKey={rowKey}
        />
      ) : (
        <TableContainer>
          <Table size="small" aria-label={label}>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {serial}
                </TableCell>
                {columns.map((column) => (
                  <TableCell key={column.header} component="th" scope="col">
                    {column.header}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {loading && rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={columns.length + 1} align="center">
                    <CircularProgress size={24} aria-label={t('loading')} />
                  </TableCell>
                </TableRow>
              ) : null}
              {!loading && rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={columns.length + 1} align="center" data-testid="table-empty" sx={{ py: 4 }}>
                    {empty}
                  </TableCell>
                </TableRow>
              ) : null}
              {visible.map((row, index) => (
                <TableRow key={rowKey ? rowKey(row, first + index) : first + index}>
                  <TableCell>{first + index + 1}</TableCell>
                  {columns.map((column) => (
                    <TableCell key={column.header} data-cell={column.role}>
                      {column.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {rows.length > 0 ? (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          alignItems="center"
          justifyContent="space-between"
          sx={{ p: 1.5 }}
        >
          <Typography variant="body2" data-testid="page-status">
            {t('table.pageStatus', { page, last: lastPage, count: rows.length })}
          </Typography>
          <Pagination
            count={lastPage}
            page={page}
            onChange={(_event, next) => setPage(next)}
            color="primary"
            size="small"
          />
          <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
            {showSizeChanger ? (
              <TextField
                select
                size="small"
                label={t('table.rowsPerPage')}
                value={pageSize}
                onChange={(event) => {
                  setPageSize(Number(event.target.value));
                  setPage(1);
                }}
                slotProps={{ select: { native: true } }}
                sx={{ width: 130 }}
              >
                {PAGE_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </TextField>
            ) : null}
            <Box
              component="form"
              onSubmit={(event) => {
                event.preventDefault();
                jumpTo();
              }}
              sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
            >
              <TextField
                size="small"
                label={t('table.jumpToPage')}
                value={jump}
                onChange={(event) => setJump(event.target.value.replace(/\D/g, '').slice(0, 6))}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                sx={{ width: 110 }}
              />
              <Button type="submit" size="small" variant="outlined">
                {t('table.jump')}
              </Button>
            </Box>
          </Stack>
        </Stack>
      ) : null}
    </Paper>
  );
}

interface CardListProps<T> {
  label: string;
  columns: ReadonlyArray<PagedColumn<T>>;
  rows: ReadonlyArray<T>;
  first: number;
  serialHeader: string;
  emptyText: string;
  loading: boolean;
  empty: boolean;
  rowKey?: (row: T, index: number) => string;
}

/** The phone layout: one card per row; S.No and status on top, label: value lines, the action at the foot. */
function CardList<T>({
  label,
  columns,
  rows,
  first,
  serialHeader,
  emptyText,
  loading,
  empty,
  rowKey,
}: CardListProps<T>) {
  const { t } = useTranslation('common');
  const status = columns.filter((c) => c.role === 'status');
  const action = columns.filter((c) => c.role === 'action');
  const rest = columns.filter((c) => c.role === undefined);
  if (loading) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '30vh' }}>
        <CircularProgress size={24} aria-label={t('loading')} />
      </Box>
    );
  }
  if (empty) {
    return (
      <Box
        role="status"
        aria-label={label}
        data-testid="table-empty"
        sx={{ display: 'grid', placeItems: 'center', minHeight: '30vh', p: 2, textAlign: 'center' }}
      >
        <Typography color="text.secondary">{emptyText}</Typography>
      </Box>
    );
  }
  return (
    <Box component="ul" aria-label={label} data-testid="card-list" sx={{ listStyle: 'none', m: 0, p: 1 }}>
      {rows.map((row, index) => {
        const n = first + index + 1;
        return (
          <Box
            component="li"
            key={rowKey ? rowKey(row, first + index) : first + index}
            aria-label={t('table.rowLabel', { n })}
            data-testid="card-row"
            sx={{
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              p: 1.5,
              mb: 1,
              minWidth: 0,
              overflowWrap: 'anywhere',
            }}
          >
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 0.5 }}>
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {serialHeader} {n}
              </Typography>
              {status.map((column) => (
                <Box key={column.header} data-cell="status" sx={{ textAlign: 'right' }}>
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ mr: 0.5 }}>
                    {column.header}:
                  </Typography>
                  {column.cell(row)}
                </Box>
              ))}
            </Box>
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)', gap: 0.5 }}
            >
              {rest.map((column) => (
                <Box key={column.header} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {column.header}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                    {column.cell(row)}
                  </Typography>
                </Box>
              ))}
            </Box>
            {action.map((column) => (
              <Box key={column.header} data-cell="action" sx={{ mt: 1 }}>
                {column.cell(row)}
              </Box>
            ))}
          </Box>
        );
      })}
    </Box>
  );
}
