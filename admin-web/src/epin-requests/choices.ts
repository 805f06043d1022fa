export const REQUEST_STATUS_CHOICES = [
  { id: 'Pending', name: 'resources.epin-requests.status.Pending' },
  { id: 'Approved', name: 'resources.epin-requests.status.Approved' },
  { id: 'Rejected', name: 'resources.epin-requests.status.Rejected' },
];
