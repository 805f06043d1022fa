import { ALL_PROJECTIONS } from '../projections';
import { longestFirst, LONGEST_REBUILDS } from './replay';

describe('replay: the order the lanes take the set-based rebuilds', () => {
  const setBased = ALL_PROJECTIONS.filter((p) => p.rebuild);

  it('names only projections that have a rebuild (a renamed one would silently lose its place)', () => {
    expect(LONGEST_REBUILDS.filter((name) => !setBased.some((p) => p.name === name))).toEqual([]);
  });

  it('takes the longest first, then every other rebuild in its list order, each once', () => {
    const order = longestFirst(setBased).map((p) => p.name);
    expect(order.slice(0, LONGEST_REBUILDS.length)).toEqual(LONGEST_REBUILDS);
    expect(order.slice(LONGEST_REBUILDS.length)).toEqual(
      setBased.map((p) => p.name).filter((name) => !LONGEST_REBUILDS.includes(name)),
    );
  });
});
