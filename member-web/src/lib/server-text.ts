import { currentLanguage, i18n } from './i18n';

/**
 * The server's texts in the member's language (issue 20). The server answers with the spec's exact
 * English texts (the contract other clients and tests rely on); member-web shows them through this
 * catalogue — `server-texts/<language>.json`: exact texts, and patterns for the few that carry a
 * number ('Minimum withdrawal amount is 100'). A text the catalogue does not know is shown as it is,
 * never hidden or replaced by a vaguer one. English needs no catalogue. The Hindi one is its own
 * chunk, fetched once Hindi is chosen.
 */
interface Catalogue {
  texts: Record<string, string>;
  /** [regular expression, replacement with $1…]. */
  patterns: string[][];
}
interface Loaded {
  texts: ReadonlyMap<string, string>;
  patterns: ReadonlyArray<readonly [RegExp, string]>;
}

let hindi: Loaded | null = null;
let loading: Promise<void> | null = null;

/** Compiles a catalogue (also used by its test, which checks every pattern compiles and matches). */
export function compileCatalogue(catalogue: Catalogue): Loaded {
  return {
    texts: new Map(Object.entries(catalogue.texts)),
    patterns: catalogue.patterns.map(([pattern = '', to = '']) => [new RegExp(pattern), to] as const),
  };
}

/** Fetches the Hindi catalogue once (a language switch to Hindi starts it). */
export function loadServerTexts(): Promise<void> {
  loading ??= import('./server-texts/hi.json').then(
    (module: { default: Catalogue }) => {
      hindi = compileCatalogue(module.default);
    },
    (error: unknown) => {
      loading = null;
      console.error('server text catalogue failed to load', error);
    },
  );
  return loading;
}

/** `text` translated by a compiled catalogue, or `text` itself when the catalogue does not know it. */
export function translateWith(catalogue: Loaded, text: string): string {
  const exact = catalogue.texts.get(text) ?? catalogue.texts.get(text.trim());
  if (exact !== undefined) return exact;
  const trimmed = text.trim();
  for (const [pattern, to] of catalogue.patterns) if (pattern.test(trimmed)) return trimmed.replace(pattern, to);
  return text;
}

/** A server text as the member should read it: in Hindi when Hindi is chosen and the text is known. */
export function serverText(text: string): string {
  if (currentLanguage() !== 'hi' || hindi === null) return text;
  return translateWith(hindi, text);
}

if (currentLanguage() === 'hi') void loadServerTexts();
i18n.on('languageChanged', (language: string) => {
  if (language === 'hi') void loadServerTexts();
});
