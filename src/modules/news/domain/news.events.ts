export const newsStream = (id: string): string => `news-${id}`;

/** News ids: `NW` and 12 hexadecimal digits. */
export const NEWS_ID = /^NW[0-9A-F]{12}$/;

/** A news item's text: 1 to CONTENT_MAX_LENGTH characters once trimmed (line breaks kept). */
export const NEWS_CONTENT_MAX_LENGTH = 2000;

export interface NewsPublished {
  id: string;
  content: string;
  /** Published hidden: members see nothing until it is shown. */
  hidden: boolean;
  by: string;
}

export interface NewsEdited {
  id: string;
  content: string;
  by: string;
}

export interface NewsVisibility {
  id: string;
  by: string;
}

export type NewsEvent =
  | { type: 'NewsPublished'; payload: NewsPublished }
  | { type: 'NewsEdited'; payload: NewsEdited }
  | { type: 'NewsHidden'; payload: NewsVisibility }
  | { type: 'NewsShown'; payload: NewsVisibility };
