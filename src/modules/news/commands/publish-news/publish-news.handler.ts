import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import { DomainError } from '../../../../platform/errors';
import { Ledger } from '../../../../platform/ledger';
import { decidePublish } from '../../domain/news.decide';
import { newsStream } from '../../domain/news.events';
import { PublishNewsCommand } from './publish-news.command';

/** Decide, then append the new item's first event: answers its id. */
@CommandHandler(PublishNewsCommand)
export class PublishNewsHandler implements ICommandHandler<PublishNewsCommand, { id: string }> {
  constructor(private readonly ledger: Ledger) {}

  async execute({ content, hidden, by, metadata }: PublishNewsCommand): Promise<{ id: string }> {
    const id = `NW${randomBytes(6).toString('hex').toUpperCase()}`;
    const decided = decidePublish({ id, content, hidden, by });
    if (!decided.ok) throw new DomainError(decided.code, decided.text, 'invalid');
    await this.ledger.run(metadata, (tx) => tx.append(newsStream(id), 0, decided.events, { last: true }));
    return { id };
  }
}
