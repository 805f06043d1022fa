import { Injectable, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { Database } from '../../platform/db/database';
import { ChangeNewsHandler } from './commands/change-news/change-news.handler';
import { PublishNewsHandler } from './commands/publish-news/publish-news.handler';
import { memberNews } from './queries/member-news/member-news.query';

/** The news members read, as the API injects it. */
@Injectable()
export class NewsQueries {
  constructor(private readonly db: Database) {}

  forMembers(from: string | null = null, to: string | null = null) {
    return memberNews(this.db, from, to);
  }
}

/** News for members: admins publish, edit, hide and show; members read the visible ones. */
@Module({
  imports: [CqrsModule],
  providers: [PublishNewsHandler, ChangeNewsHandler, NewsQueries],
  exports: [NewsQueries],
})
export class NewsModule {}
