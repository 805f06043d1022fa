export const GATEWAY_CHOICES = [
  { id: 'crypto', name: 'resources.payment-orders.kind.crypto' },
  { id: 'upi', name: 'resources.payment-orders.kind.upi' },
];

export const ORDER_STATUS_CHOICES = ['created', 'open', 'confirmed', 'late', 'expired', 'resolved'].map((id) => ({
  id,
  name: `resources.payment-orders.status.${id}`,
}));

/** The BNB Smart Chain explorer, where a USDT (BEP-20) payment's transaction can be checked. */
export const explorerTxUrl = (hash: string) => `https://bscscan.com/tx/${encodeURIComponent(hash)}`;
