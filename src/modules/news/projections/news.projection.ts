import { ProjectedEvent, Projection, Statement, exactlyOneRow } from '../../../platform/projections/projection';
import { NewsEdited, NewsPublished, NewsVisibility } from '../domain/news.events';

/** One row per news item: its text, whether members see it, who published and last changed it. */
export const newsProjection: Projection = {
  name: 'news',
  tables: ['news'],
  handles: ['NewsPublished', 'NewsEdited', 'NewsHidden', 'NewsShown'],
  project(event: ProjectedEvent): Statement[] {
    const v = event.streamVersion;
    const at = event.recordedAt;
    switch (event.type) {
      case 'NewsPublished': {
        const p = event.payload as NewsPublished;
        return [
          {
            text: 'insert into news (id, content, hidden, published_at, published_by, updated_at, updated_by, version) values ($1, $2, $3, $4, $5, $4, $5, $6)',
            params: [p.id, p.content, p.hidden, at, p.by, v],
          },
        ];
      }
      case 'NewsEdited': {
        const p = event.payload as NewsEdited;
        return [
          exactlyOneRow(
            'update news set content = $2, updated_at = $3, updated_by = $4, version = $5 where id = $1',
            [p.id, p.content, at, p.by, v],
            `news ${p.id} edited`,
          ),
        ];
      }
      case 'NewsHidden':
      case 'NewsShown': {
        const p = event.payload as NewsVisibility;
        const hidden = event.type === 'NewsHidden';
        return [
          exactlyOneRow(
            'update news set hidden = $2, updated_at = $3, updated_by = $4, version = $5 where id = $1 and hidden <> $2',
            [p.id, hidden, at, p.by, v],
            `news ${p.id} ${hidden ? 'hidden while shown' : 'shown while hidden'}`,
          ),
        ];
      }
      default:
        return [];
    }
  },
};
