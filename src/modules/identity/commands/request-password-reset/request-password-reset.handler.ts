import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, AppConfig } from '../../../../config/config';
import { sha256Hex } from '../../../../platform/event-store/canonical';
import { Ledger } from '../../../../platform/ledger';
import { linkSecret, linkSecretPlaceholder, mailLinkKey } from '../../../../platform/mail/link-secrets';
import { MSG } from '../../domain/member.messages';
import { lockMember } from '../../member-state';
import { RequestPasswordResetCommand, RESET_LINK_MINUTES } from './request-password-reset.command';

/**
 * Sahyog never stores a password it could mail back. "Forgot password" mails a single-use link
 * instead; the answer text stays the original product's. The mail leaves through the outbox: the
 * message row commits with the event, and the worker sends it. The row holds the link without its
 * secret; the worker renders it at sending time (platform/mail/link-secrets.ts).
 */
@CommandHandler(RequestPasswordResetCommand)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordResetCommand, string> {
  constructor(
    private readonly ledger: Ledger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ uid, metadata }: RequestPasswordResetCommand): Promise<string> {
    return this.ledger.run(metadata, async (tx) => {
      const locked = await lockMember(tx, uid);
      const member = locked?.state;
      if (!locked || !member || member.blocked || !member.email.includes('@')) return MSG.invalidUserId;
      const tokenId = randomUUID();
      // Derived, not random: the worker renders it into the mail at sending time, so mail_outbox never holds it.
      const secret = linkSecret(mailLinkKey(this.config.jwtSecret), tokenId);
      const expiresAt = new Date(tx.now.getTime() + RESET_LINK_MINUTES * 60_000).toISOString();
      const [event] = await tx.append(locked, [
        {
          type: 'PasswordResetRequested',
          payload: { tokenId, secretHash: sha256Hex(secret), expiresAt, email: member.email },
        },
      ]);
      const link = `${this.config.publicUrl}/ResetPassword?token=${linkSecretPlaceholder(tokenId)}`;
      await tx.execute('insert into mail_outbox (event_position, to_address, subject, body) values ($1, $2, $3, $4)', [
        event.position,
        member.email,
        'Reset your Sahyog password',
        `Dear ${member.name},\n\nA password reset was requested for user id ${uid}.\nOpen this link within ${RESET_LINK_MINUTES} minutes to choose a new password:\n\n${link}\n\nIf you did not ask for this, ignore this mail; your password stays as it is.\n`,
      ]);
      return MSG.passwordSent;
    });
  }
}
