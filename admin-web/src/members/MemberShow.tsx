import {
  Box,
  Button as MuiButton,
  CardContent,
  Chip,
  Grid,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  BooleanField,
  EmailField,
  FunctionField,
  Labeled,
  Show,
  TextField,
  TopToolbar,
  usePermissions,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { canSee, type AdminArea } from '../roles';
import { Cell } from '../showLayout';
import { BlockToggleButton, ImpersonateButton } from './MemberActions';
import { MemberDetails } from './MemberDetails';
import { firstPresent, sponsorOf } from './memberFields';
import { DateTimeField } from '../fields/DateTimeField';
import { formatDateTime } from '../dates';
import { useIsPhone } from '../list/ResponsiveRows';

interface MemberEvent {
  position: number | string;
  type: string;
  /** The contract's name; the API's stored-event shape may send `recordedAt` instead. */
  recorded_at?: string;
  recordedAt?: string;
  payload: unknown;
}

const recordedAtOf = (event: MemberEvent) => event.recorded_at ?? event.recordedAt ?? '';

/** Positions may arrive as strings (PostgreSQL bigint); compare them as numbers. */
function newestFirst(events: readonly MemberEvent[]): MemberEvent[] {
  return [...events].sort((a, b) => Number(b.position) - Number(a.position));
}

const MemberShowActions = () => (
  <TopToolbar>
    <BlockToggleButton />
    <ImpersonateButton />
  </TopToolbar>
);

/** A titled block of the show page; its children are laid out as grid cells unless `grid` is false. */
const Section = ({ title, children, grid = true }: { title: string; children: ReactNode; grid?: boolean }) => {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate(title)}
      </Typography>
      {grid ? (
        <Grid container spacing={2}>
          {children}
        </Grid>
      ) : (
        children
      )}
    </Box>
  );
};

const MemberTitle = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <span>
      {translate('resources.members.name', { smart_count: 1 })} {String(record.id)}{' '}
      {record.name ? `— ${record.name}` : ''}
    </span>
  );
};

const StatusChips = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, mb: 2 }}>
      {record.status ? (
        <Chip label={String(record.status)} color={record.status === 'Active' ? 'success' : 'default'} />
      ) : null}
      {record.blocked ? <Chip label={translate('resources.members.fields.blocked')} color="error" /> : null}
    </Box>
  );
};

/** An event's payload as indented JSON, wrapped within its column. */
const Payload = ({ payload }: { payload: unknown }) => (
  <Box component="pre" sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
    {JSON.stringify(payload, null, 2)}
  </Box>
);

/**
 * The member's own events, newest first: a table from `sm` up; on a phone one block per event
 * (position, type and time over the full-width payload), so nothing is pushed off-screen.
 */
const MemberEvents = () => {
  const record = useRecordContext<RaRecord & { events?: MemberEvent[] }>();
  const translate = useTranslate();
  const isPhone = useIsPhone();
  const events = newestFirst(record?.events ?? []);
  const label = (field: string) => translate(`resources.members.fields.${field}`);
  const when = (event: MemberEvent) => (recordedAtOf(event) ? formatDateTime(recordedAtOf(event)) : '');
  if (events.length === 0)
    return <Typography color="text.secondary">{translate('resources.members.no_events')}</Typography>;
  if (isPhone)
    return (
      <Box
        component="ol"
        aria-label={translate('resources.members.sections.events')}
        sx={{ listStyle: 'none', m: 0, p: 0 }}
      >
        {events.map((event) => (
          <Box component="li" key={String(event.position)} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {label('position')} {String(event.position)} · {event.type}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
              {when(event)}
            </Typography>
            <Payload payload={event.payload} />
          </Box>
        ))}
      </Box>
    );
  return (
    <Table size="small" aria-label={translate('resources.members.sections.events')}>
      <TableHead>
        <TableRow>
          <TableCell>{label('position')}</TableCell>
          <TableCell>{label('type')}</TableCell>
          <TableCell>{label('recorded_at')}</TableCell>
          <TableCell>{label('payload')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {events.map((event) => (
          <TableRow key={String(event.position)}>
            <TableCell>{String(event.position)}</TableCell>
            <TableCell>{event.type}</TableCell>
            <TableCell>{when(event)}</TableCell>
            <TableCell>
              <Payload payload={event.payload} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

/**
 * What the member did beyond their own stream lives in other streams (e-pins, requests, orders,
 * income): each resource's list, filtered to this member, shown only to roles that can read it.
 */
const RELATED: ReadonlyArray<{ resource: AdminArea; filter: string }> = [
  { resource: 'epins', filter: 'owner' },
  { resource: 'level-income', filter: 'earner' },
  { resource: 'epin-requests', filter: 'uid' },
  { resource: 'payment-orders', filter: 'uid' },
  { resource: 'help-requests', filter: 'member' },
  { resource: 'help-links', filter: 'member' },
  { resource: 'queue-entries', filter: 'member' },
  { resource: 'withdrawals', filter: 'member' },
];

const RelatedRecords = () => {
  const record = useRecordContext();
  const { permissions } = usePermissions();
  const translate = useTranslate();
  if (!record) return null;
  const links = RELATED.filter(({ resource }) => canSee(permissions, resource));
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {links.map(({ resource, filter }) => (
        <MuiButton
          key={resource}
          component={Link}
          variant="outlined"
          size="small"
          to={{
            pathname: `/${resource}`,
            search: `filter=${encodeURIComponent(JSON.stringify({ [filter]: String(record.id) }))}`,
          }}
        >
          {translate(`resources.${resource}.name`, { smart_count: 2 })}
        </MuiButton>
      ))}
    </Box>
  );
};

export const MemberShow = () => (
  <Show actions={<MemberShowActions />} title={<MemberTitle />}>
    <CardContent>
      <StatusChips />
      <Section title="resources.members.sections.profile">
        <Cell>
          <Labeled>
            <TextField source="id" label="resources.members.fields.uid" />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <TextField source="name" />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <TextField source="mobile" />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <EmailField source="email" />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <FunctionField
              source="country"
              render={(r: RaRecord) => firstPresent(r, 'country', 'country_name', 'country_id')}
            />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <TextField source="state" />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <TextField source="city" />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <FunctionField source="upi" render={(r: RaRecord) => firstPresent(r, 'upi', 'upi_number', 'upinumber')} />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <FunctionField
              source="wallet_address"
              render={(r: RaRecord) => firstPresent(r, 'wallet_address', 'WalletAddress')}
            />
          </Labeled>
        </Cell>
      </Section>
      <MemberDetails />
      <Section title="resources.members.sections.sponsor">
        <Cell>
          <Labeled>
            <FunctionField source="sponsor" render={sponsorOf} />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <TextField source="sponsor_name" />
          </Labeled>
        </Cell>
      </Section>
      <Section title="resources.members.sections.account">
        <Cell>
          <Labeled>
            <TextField source="status" />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <BooleanField source="blocked" />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <DateTimeField source="registered_at" showTime />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <DateTimeField source="activated_at" showTime />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <DateTimeField source="last_login_at" showTime />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <BooleanField source="isagree" />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <TextField source="directs" />
          </Labeled>
        </Cell>
        <Cell>
          <Labeled>
            <TextField source="team" />
          </Labeled>
        </Cell>
      </Section>
      <Section title="resources.members.sections.related" grid={false}>
        <RelatedRecords />
      </Section>
      <Section title="resources.members.sections.events" grid={false}>
        <MemberEvents />
      </Section>
    </CardContent>
  </Show>
);
