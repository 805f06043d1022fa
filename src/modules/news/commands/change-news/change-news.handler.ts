import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../../platform/errors';
import { Ledger } from '../../../../platform/ledger';
import { decideChange } from '../../domain/news.decide';
import { lockNews } from '../../rows';
import { ChangeNewsCommand } from './change-news.command';

@CommandHandler(ChangeNewsCommand)
export class ChangeNewsHandler implements ICommandHandler<ChangeNewsCommand, { id: string }> {
  constructor(private readonly ledger: Ledger) {}

  execute({ id, content, hidden, by, metadata }: ChangeNewsCommand): Promise<{ id: string }> {
    return this.ledger.run(metadata, async (tx) => {
      const news = await lockNews(tx, id);
      if (!news) throw new DomainError('NEWS.NO_SUCH_NEWS', `No news ${id}`, 'not-found');
      const decided = decideChange(news.state, { content, hidden, by });
      if (!decided.ok) throw new DomainError(decided.code, decided.text, 'invalid');
      if (decided.events.length) await tx.append(news, decided.events, { last: true });
      return { id };
    });
  }
}
