/** A help request's states (the API's `help_requests.status`); approve / reject while awaiting approval. */
export const HELP_REQUEST_STATUS_CHOICES = [
  { id: 'awaiting-approval', name: 'resources.help-requests.status.awaiting-approval' },
  { id: 'in-queue', name: 'resources.help-requests.status.in-queue' },
  { id: 'closed', name: 'resources.help-requests.status.closed' },
];

export const AWAITING_APPROVAL = 'awaiting-approval';
