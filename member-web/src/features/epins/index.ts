import { lazyPart } from '../../lib/lazy-part';

/**
 * What the app composes from this feature outside its pages: the ways to get an e-pin in the
 * dashboard's 'Insufficient Epin !!' alert (issue 20 §4), fetched when the alert first opens (its texts
 * too, see the component). Imported by the dashboard only (a module shared with a page would become a chunk
 * of its own in every route's preload list); /Activation loads the same chunk on its own.
 */
export const EpinWaysPart = lazyPart(() => import('./components/epin-ways').then((module) => module.EpinWays));
