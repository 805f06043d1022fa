import { prepared } from '../../../platform/db/sql';
import { EVENT_TIME, ProjectedEvent, Projection, Statement } from '../../../platform/projections/projection';
import { HelpLinkCreated, HelpLinksCreated } from '../domain/help.events';

/**
 * The day a link was made on, as the members count days: India's calendar day of its `created_at`
 * (the event's time), the same expression in the projection, the migration's backfill and the reads.
 */
export const INDIA_DAY = (timestamp: string): string => `(${timestamp} at time zone 'Asia/Kolkata')::date`;

/** One day's links added to its row: $1 the event's time, $2 how many links, $3 their rupees in paise. */
const ADD_LINKS_SQL = prepared(`insert into help_link_days (day, links, amount_paise)
  values (${INDIA_DAY('$1::timestamptz')}, $2::integer, $3::bigint)
  on conflict (day) do update set links = help_link_days.links + excluded.links,
                                  amount_paise = help_link_days.amount_paise + excluded.amount_paise`);

/**
 * Links made per day in India and their amount (decision 0047): the 7-day matching pace the
 * dashboard and `/api/network-health` show is 7 rows of this table, not a sum over every link of
 * the week per call. A link counts on the day it was made, whatever became of it since (as the
 * pace always counted); links are never deleted, so only their creation changes a day.
 */
export const helpLinkDaysProjection: Projection = {
  name: 'help-link-days',
  tables: ['help_link_days'],
  handles: ['HelpLinksCreated', 'HelpLinkCreated'],
  project(event: ProjectedEvent): Statement[] {
    const amounts =
      event.type === 'HelpLinksCreated'
        ? (event.payload as HelpLinksCreated).links.map((l) => BigInt(l.amountPaise))
        : [BigInt((event.payload as HelpLinkCreated).amountPaise)];
    if (amounts.length === 0) return [];
    const total = amounts.reduce((sum, a) => sum + a, 0n);
    return [{ text: ADD_LINKS_SQL, params: [event.recordedAt, amounts.length, total.toString()] }];
  },
  rebuild: [
    `insert into help_link_days (day, links, amount_paise)
     select day, count(*), sum(amount) from (
       select ${INDIA_DAY(EVENT_TIME)} as day, (l.value->>'amountPaise')::bigint as amount
         from events cross join lateral jsonb_array_elements(events.payload->'links') l
        where events.type = 'HelpLinksCreated'
       union all
       select ${INDIA_DAY(EVENT_TIME)}, (events.payload->>'amountPaise')::bigint
         from events where events.type = 'HelpLinkCreated') links
      group by day`,
  ],
};
