/** A help link's states (spec §4), as the API names them; an overdue Pending link reads Expired. */
export const LINK_STATES = ['Pending', 'Paid', 'Received', 'Cancel', 'Expired', 'Disputed'] as const;
export type LinkState = (typeof LINK_STATES)[number];

export const LINK_STATE_CHOICES = LINK_STATES.map((id) => ({ id, name: `resources.help-links.state.${id}` }));

/** The member app's colours (Pending red, Cancel blue, others green), Disputed amber to stand out. */
export const LINK_STATE_COLOR: Record<LinkState, 'error' | 'info' | 'success' | 'warning' | 'default'> = {
  Pending: 'error',
  Paid: 'success',
  Received: 'success',
  Cancel: 'info',
  Expired: 'default',
  Disputed: 'warning',
};

/** The filters `overdue` and `disputed` are sent as the text 'true' / 'false', as the API reads them. */
export const YES_NO_CHOICES = [
  { id: 'true', name: 'sahyog.yes' },
  { id: 'false', name: 'sahyog.no' },
];

/** Resolve is offered on a Disputed or Paid link, and on a cancelled one the API still holds (not settled). */
export function isResolvable(record: Readonly<Record<string, unknown>> | undefined): boolean {
  if (!record) return false;
  return (
    record.state === 'Disputed' || record.state === 'Paid' || (record.state === 'Cancel' && record.settled === false)
  );
}
