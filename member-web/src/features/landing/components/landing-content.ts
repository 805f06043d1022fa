/**
 * The landing page's sections, as catalogue keys (namespace `landing`); the words themselves live
 * in `../locales/{en,hi}.json`, kept apart from the layout.
 */
export const ABOUT_BLOCKS = ['about.about', 'about.vision', 'about.community', 'about.trust'] as const;

export const ECOSYSTEM_CARDS = [
  'ecosystems.communityFirst',
  'ecosystems.accessible',
  'ecosystems.safe',
  'ecosystems.grow',
] as const;

export const PLATFORM_TABS = [
  { key: 'platform.members', points: ['point1', 'point2', 'point3'] },
  { key: 'platform.volunteers', points: ['point1', 'point2', 'point3'] },
] as const;
