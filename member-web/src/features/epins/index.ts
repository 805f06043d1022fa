import { loadNamespaces } from '../../lib/i18n';
import { lazyPart } from '../../lib/lazy-part';

/**
 * What the app composes from this feature outside its own pages: the ways to get an e-pin, shown in
 * the dashboard's 'Insufficient Epin !!' alert (issue 20 §4). A chunk of its own with this feature's
 * texts, fetched when the alert first opens (the dashboard's first paint does not wait for it).
 */
export const EpinWaysPart = lazyPart(() =>
  Promise.all([import('./components/epin-ways'), loadNamespaces(['epins'])]).then(([module]) => module.EpinWays),
);
