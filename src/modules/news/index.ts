/** The news context's public surface: news admins publish and members read. */
export { NewsModule, NewsQueries } from './news.module';
export { PublishNewsCommand } from './commands/publish-news/publish-news.command';
export { ChangeNewsCommand } from './commands/change-news/change-news.command';
export { NEWS_CONTENT_MAX_LENGTH, NEWS_ID } from './domain/news.events';
export { newsProjection } from './projections/news.projection';
export { listNews, NEWS_LIST, showNews } from './queries/news/news.query';
export type { NewsRecord } from './queries/news/news.query';
