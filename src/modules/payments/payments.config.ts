/** Payment gateways' settings, from the environment, checked once at start-up. Unset → the local double. */
export interface PaymentsConfig {
  crypto: { url: string; apiKey: string } | null;
  upi: { url: string; key: string } | null;
  /** The IPN secret of the crypto gateway (the double signs with it too). */
  ipnSecret: string;
  upiPayeeVpa: string;
  upiPayeeName: string;
  callbackUrl: string;
  explorerTxUrl: string;
  /** How often the payment-status job polls an open order (PAYMENT_POLL_EVERY_MS, default 30 s). */
  pollEveryMs: number;
  /** How often it keeps asking the gateway about an expired order, for a late payment (PAYMENT_LATE_POLL_EVERY_MS, default 10 min). */
  latePollEveryMs: number;
  /** How long after an order's expiry it keeps asking (PAYMENT_LATE_WATCH_SECONDS, default LATE_PAYMENT_WATCH_SECONDS = 24 h). */
  lateWatchSeconds: number;
}

/** An expired order is still asked about at the gateway for this long after its expiry, so a late payment gets recorded (24 h). */
export const LATE_PAYMENT_WATCH_SECONDS = 24 * 60 * 60;
/** The default pace of those late checks: every 10 minutes (at most 144 checks per expired order). */
export const DEFAULT_LATE_POLL_EVERY_MS = 10 * 60 * 1000;

export const DEV_IPN_SECRET = 'sahyog-local-double-ipn-secret';

export function loadPaymentsConfig(env: NodeJS.ProcessEnv = process.env): PaymentsConfig {
  const url = (name: string): string | undefined => {
    const v = env[name];
    if (!v) return undefined;
    if (!/^https?:\/\/\S+$/.test(v)) throw new Error(`${name} must be an http(s) URL, got "${v}"`);
    return v.replace(/\/$/, '');
  };
  const need = (name: string, when: string): string => {
    const v = env[name];
    if (!v) throw new Error(`${name} is required when ${when} is set`);
    return v;
  };
  const cryptoUrl = url('CRYPTO_GATEWAY_URL');
  const upiUrl = url('UPI_GATEWAY_URL');
  // A production deployment must not take test money by accident: the doubles need an explicit yes there.
  if (env.NODE_ENV === 'production' && (!cryptoUrl || !upiUrl) && env.PAYMENTS_USE_DOUBLE !== 'true') {
    throw new Error(
      'NODE_ENV=production needs CRYPTO_GATEWAY_URL and UPI_GATEWAY_URL, or PAYMENTS_USE_DOUBLE=true to run the local payment doubles (no real money moves)',
    );
  }
  const ipnSecret = cryptoUrl
    ? need('CRYPTO_GATEWAY_IPN_SECRET', 'CRYPTO_GATEWAY_URL')
    : env.CRYPTO_GATEWAY_IPN_SECRET || DEV_IPN_SECRET;
  const poll = env.PAYMENT_POLL_EVERY_MS || '30000';
  if (!/^\d{2,7}$/.test(poll))
    throw new Error(`PAYMENT_POLL_EVERY_MS must be a whole number of milliseconds, got "${poll}"`);
  const latePoll = env.PAYMENT_LATE_POLL_EVERY_MS || String(DEFAULT_LATE_POLL_EVERY_MS);
  if (!/^\d{2,8}$/.test(latePoll))
    throw new Error(`PAYMENT_LATE_POLL_EVERY_MS must be a whole number of milliseconds, got "${latePoll}"`);
  const lateWatch = env.PAYMENT_LATE_WATCH_SECONDS || String(LATE_PAYMENT_WATCH_SECONDS);
  if (!/^\d{1,7}$/.test(lateWatch) || Number(lateWatch) > 30 * 24 * 60 * 60)
    throw new Error(`PAYMENT_LATE_WATCH_SECONDS must be a whole number of seconds up to 30 days, got "${lateWatch}"`);
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${env.PORT || 3000}`).replace(/\/$/, '');
  return {
    crypto: cryptoUrl ? { url: cryptoUrl, apiKey: need('CRYPTO_GATEWAY_API_KEY', 'CRYPTO_GATEWAY_URL') } : null,
    upi: upiUrl ? { url: upiUrl, key: need('UPI_GATEWAY_KEY', 'UPI_GATEWAY_URL') } : null,
    ipnSecret,
    upiPayeeVpa: env.UPI_PAYEE_VPA || 'sahyog@upi',
    upiPayeeName: env.UPI_PAYEE_NAME || 'Sahyog Foundation',
    callbackUrl: `${publicUrl}/api/payments/crypto/callback`,
    explorerTxUrl: (env.BLOCK_EXPLORER_TX_URL || 'https://bscscan.com/tx/').replace(/\/?$/, '/'),
    pollEveryMs: Number(poll),
    latePollEveryMs: Number(latePoll),
    lateWatchSeconds: Number(lateWatch),
  };
}
