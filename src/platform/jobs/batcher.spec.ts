import { PositionBatcher } from './batcher';

describe('PositionBatcher', () => {
  it('runs the jobs that arrive while a batch is in flight together in the next one, at most maxBatch at a time', async () => {
    const batches: string[][] = [];
    let release: () => void = () => {};
    const batcher = new PositionBatcher<string>(
      'test',
      async (positions) => {
        batches.push(positions);
        if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return (position) => `done ${position}`;
      },
      async (position) => `alone ${position}`,
      3,
    );
    const first = batcher.add('1');
    const rest = ['2', '3', '4', '5'].map((p) => batcher.add(p));
    release();
    expect(await Promise.all([first, ...rest])).toEqual(['done 1', 'done 2', 'done 3', 'done 4', 'done 5']);
    expect(batches).toEqual([['1'], ['2', '3', '4'], ['5']]);
  });

  it('runs alone a job the batch did not settle, and every job of a batch that failed; a job that fails alone rejects only itself', async () => {
    const alone: string[] = [];
    let release: () => void = () => {};
    const batcher = new PositionBatcher<string>(
      'test',
      async (positions) => {
        if (positions.includes('hold')) await new Promise<void>((resolve) => (release = resolve));
        if (positions.includes('bad')) throw new Error('batch failed');
        return (position) => (position === 'later' ? undefined : `done ${position}`);
      },
      async (position) => {
        alone.push(position);
        if (position === 'bad') throw new Error('bad job');
        return `alone ${position}`;
      },
      10,
    );
    expect(await Promise.all([batcher.add('a'), batcher.add('later')])).toEqual(['done a', 'alone later']);
    alone.length = 0;
    const held = batcher.add('hold');
    const jobs = [batcher.add('later'), batcher.add('b'), batcher.add('bad')]; // the next batch, together
    release();
    expect(await held).toBe('done hold');
    const outcomes = await Promise.allSettled(jobs);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual([
      'alone later',
      'alone b',
      'bad job',
    ]);
    expect(alone).toEqual(['later', 'b', 'bad']);
  });
});
