import { createHmac } from 'node:crypto';

/**
 * A mail that carries a usable link (a password reset's) is stored in `mail_outbox` without the
 * link's secret: the body holds a placeholder `{{link-secret:<id>}}`, and the worker renders the
 * secret only as it hands the mail to the transport. The secret is derived from the id and a key
 * derived from JWT_SECRET, so reading the database (a backup, a read replica, an admin's query)
 * gives no usable link (docs/decisions/0035).
 */
const PLACEHOLDER = /\{\{link-secret:([0-9a-f-]{36})\}\}/g;

/** The key link secrets are derived from: its own purpose, so it never equals a token signature. */
export const mailLinkKey = (jwtSecret: string): Buffer =>
  createHmac('sha256', jwtSecret).update('sahyog mail link secrets v1').digest();

/** The secret of the link `id` (what the link carries after `id.`; only its hash is stored). */
export const linkSecret = (key: Buffer, id: string): string => createHmac('sha256', key).update(id).digest('base64url');

/** What a stored mail body holds where the link's token goes. */
export const linkSecretPlaceholder = (id: string): string => `{{link-secret:${id}}}`;

/** The body as the addressee receives it: every placeholder becomes `<id>.<secret>`. */
export const renderLinkSecrets = (body: string, key: Buffer): string =>
  body.replace(PLACEHOLDER, (_whole, id: string) => `${id}.${linkSecret(key, id)}`);
