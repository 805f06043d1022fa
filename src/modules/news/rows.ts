import { prepared, Sql } from '../../platform/db/sql';
import { Locked } from '../../platform/event-store/locked';
import { NewsState } from './domain/news.decide';
import { NEWS_ID, newsStream } from './domain/news.events';

const LOCK_NEWS_SQL = prepared(
  `select id, content, hidden, version,
          (select hash from events where stream_id = 'news-' || news.id and stream_version = news.version) as head_hash
     from news where id = $1 for update`,
);

/** One news item, locked, with its stream's head; null for an id that is not one. */
export async function lockNews(tx: Sql, id: string): Promise<Locked<NewsState> | null> {
  if (!NEWS_ID.test(id)) return null;
  const [row] = await tx.query<{
    id: string;
    content: string;
    hidden: boolean;
    version: number;
    head_hash: string | null;
  }>(LOCK_NEWS_SQL, [id]);
  if (!row) return null;
  return {
    streamId: newsStream(row.id),
    state: { id: row.id, content: row.content, hidden: row.hidden },
    version: row.version,
    headHash: row.head_hash,
  };
}
