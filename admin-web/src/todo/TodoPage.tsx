import type { ReactNode } from 'react';
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import { Title, useGetList, usePermissions, useTranslate, type SortPayload } from 'react-admin';
import { canSee, resourcesFor, type ResourceName } from '../resources';
import { hasTodo } from './roles';

/** How often the counts are read again while the page is open. */
const TODO_POLL_MS = 60_000;

export interface TodoItem {
  /** The list it opens (and whose total it counts). */
  resource: ResourceName;
  /** What waits, as the list's own filter (the API's names and values). */
  filter: Record<string, string>;
  /** The list's own sort (the API refuses a sort it does not know). */
  sort: SortPayload;
  /** Translation key of the card's label. */
  label: string;
}

/**
 * What waits for an approver (issue 20 §10), each counted with its list's own filter, so the count
 * is exactly what the list shows when the card opens it: e-pin requests to decide, help requests
 * awaiting approval, withdrawals requested, disputed help links, open support tickets, and the
 * four-eyes requests waiting for a second admin.
 */
export const TODO_ITEMS: readonly TodoItem[] = [
  {
    resource: 'epin-requests',
    filter: { status: 'Pending' },
    sort: { field: 'requested_at', order: 'DESC' },
    label: 'sahyog.todo.epin_requests',
  },
  {
    resource: 'help-requests',
    filter: { status: 'awaiting-approval' },
    sort: { field: 'requested_at', order: 'DESC' },
    label: 'sahyog.todo.help_requests',
  },
  {
    resource: 'withdrawals',
    filter: { status: 'Requested' },
    sort: { field: 'requestedAt', order: 'DESC' },
    label: 'sahyog.todo.withdrawals',
  },
  {
    resource: 'help-links',
    filter: { state: 'Disputed' },
    sort: { field: 'createdAt', order: 'DESC' },
    label: 'sahyog.todo.disputes',
  },
  {
    resource: 'tickets',
    filter: { status: 'open' },
    sort: { field: 'raisedAt', order: 'DESC' },
    label: 'sahyog.todo.tickets',
  },
  {
    resource: 'four-eyes',
    filter: { status: 'Pending' },
    sort: { field: 'requestedAt', order: 'DESC' },
    label: 'sahyog.todo.four_eyes',
  },
];

/** The list's URL with the item's filter, as react-admin's list reads it from the address. */
export const todoLink = (item: TodoItem): string =>
  `/${item.resource}?${new URLSearchParams({
    filter: JSON.stringify(item.filter),
    sort: item.sort.field,
    order: item.sort.order,
    page: '1',
  }).toString()}`;

function TodoCard({ item }: { item: TodoItem }) {
  const translate = useTranslate();
  const { total, isPending, error } = useGetList(
    item.resource,
    { filter: item.filter, sort: item.sort, pagination: { page: 1, perPage: 1 } },
    { refetchInterval: TODO_POLL_MS },
  );
  const label = translate(item.label);
  let figure: ReactNode;
  if (error) figure = translate('sahyog.todo.failed');
  else if (isPending || total === undefined) figure = '…';
  else figure = total;
  const waiting = !error && typeof total === 'number' && total > 0;
  return (
    <Card
      variant="outlined"
      sx={{ borderLeft: 4, borderLeftColor: waiting ? 'warning.main' : error ? 'error.main' : 'divider' }}
    >
      <CardActionArea component={RouterLink} to={todoLink(item)} data-testid={`todo-${item.resource}`}>
        <CardContent>
          <Typography
            component="p"
            data-testid={`todo-count-${item.resource}`}
            aria-busy={isPending}
            sx={{ typography: error ? 'body2' : 'h4', fontWeight: 700, color: error ? 'error.main' : 'text.primary' }}
          >
            {figure}
          </Typography>
          <Typography component="h2" variant="subtitle1">
            {label}
          </Typography>
          <Typography variant="body2" color="primary">
            {translate('sahyog.todo.open')}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/**
 * The back office's home (react-admin's dashboard): for approvers and superadmins, what waits for a
 * decision, each count opening its filtered list. Other roles land on their first list, as before.
 */
export const TodoPage = () => {
  const { permissions, isPending } = usePermissions();
  const translate = useTranslate();
  if (isPending) return null;
  if (!hasTodo(permissions)) {
    const first = resourcesFor(permissions)[0];
    return first ? <Navigate to={`/${first.name}`} replace /> : null;
  }
  const items = TODO_ITEMS.filter((item) => canSee(permissions, item.resource));
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('sahyog.todo.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('sahyog.todo.title')}
      </Typography>
      <Box
        component="nav"
        aria-label={translate('sahyog.todo.title')}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' } }}
      >
        {items.map((item) => (
          <TodoCard key={item.resource} item={item} />
        ))}
      </Box>
    </Box>
  );
};
