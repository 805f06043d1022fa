/** A withdrawal's states (the API's): Requested → Approved (GH queue) → Paid, or Rejected. */
export const WITHDRAWAL_STATUS_CHOICES = ['Requested', 'Approved', 'Paid', 'Rejected'].map((id) => ({
  id,
  name: `resources.withdrawals.status.${id}`,
}));

export const REQUESTED = 'Requested';
