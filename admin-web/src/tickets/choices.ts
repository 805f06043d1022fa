/** A ticket's states (the API's): open → replied → closed. */
export const TICKET_STATUS_CHOICES = ['open', 'replied', 'closed'].map((id) => ({
  id,
  name: `resources.tickets.status.${id}`,
}));

export const TICKET_STATUS_COLORS = { open: 'error', replied: 'success', closed: 'default' } as const;
