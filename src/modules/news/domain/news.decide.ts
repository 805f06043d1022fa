import { NEWS_CONTENT_MAX_LENGTH, NewsEvent } from './news.events';

export type NewsRefusal = { ok: false; code: string; text: string };

/** The text as stored: trimmed, not empty, at most NEWS_CONTENT_MAX_LENGTH characters. */
function readContent(content: string): { ok: true; content: string } | NewsRefusal {
  const trimmed = content.trim();
  if (!trimmed) return { ok: false, code: 'NEWS.EMPTY', text: 'Please enter the news content' };
  if (trimmed.length > NEWS_CONTENT_MAX_LENGTH)
    return {
      ok: false,
      code: 'NEWS.TOO_LONG',
      text: `News content must be at most ${NEWS_CONTENT_MAX_LENGTH} characters`,
    };
  return { ok: true, content: trimmed };
}

/** An admin publishes a news item (visible at once unless published hidden). */
export function decidePublish(command: {
  id: string;
  content: string;
  hidden: boolean;
  by: string;
}): { ok: true; events: NewsEvent[] } | NewsRefusal {
  const read = readContent(command.content);
  if (!read.ok) return read;
  return {
    ok: true,
    events: [
      {
        type: 'NewsPublished',
        payload: { id: command.id, content: read.content, hidden: command.hidden, by: command.by },
      },
    ],
  };
}

export interface NewsState {
  id: string;
  content: string;
  hidden: boolean;
}

/**
 * An admin edits a news item and hides or shows it: one event per change (the text, then the
 * visibility); nothing changed → no event. Its publication date stays (members' order is by it).
 */
export function decideChange(
  news: NewsState,
  change: { content?: string; hidden?: boolean; by: string },
): { ok: true; events: NewsEvent[] } | NewsRefusal {
  const events: NewsEvent[] = [];
  if (change.content !== undefined) {
    const read = readContent(change.content);
    if (!read.ok) return read;
    if (read.content !== news.content)
      events.push({ type: 'NewsEdited', payload: { id: news.id, content: read.content, by: change.by } });
  }
  if (change.hidden !== undefined && change.hidden !== news.hidden)
    events.push({ type: change.hidden ? 'NewsHidden' : 'NewsShown', payload: { id: news.id, by: change.by } });
  return { ok: true, events };
}
