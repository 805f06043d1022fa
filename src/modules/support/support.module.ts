import { Injectable, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { Database } from '../../platform/db/database';
import { Sql } from '../../platform/db/sql';
import { loadSettings } from '../settings';
import { AnswerTicketHandler } from './commands/answer-ticket/answer-ticket.handler';
import { RaiseTicketHandler } from './commands/raise-ticket/raise-ticket.handler';
import { helpdeskHistory } from './queries/helpdesk-history/helpdesk-history.query';

/** The help desk's member reads, as the API injects them. */
@Injectable()
export class SupportQueries {
  constructor(private readonly db: Database) {}

  history(uid: string) {
    return helpdeskHistory(this.db, uid);
  }

  /** The dashboard's CONTACT ADMIN: the chat link of the `contactAdminUrl` setting ('' when none is set). */
  async contactAdminUrl(sql: Sql = this.db): Promise<string> {
    return (await loadSettings(sql)).contactAdminUrl;
  }
}

/** The help desk: members' queries (tickets), the desk's replies, closing. */
@Module({
  imports: [CqrsModule],
  providers: [RaiseTicketHandler, AnswerTicketHandler, SupportQueries],
  exports: [SupportQueries],
})
export class SupportModule {}
