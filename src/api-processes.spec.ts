import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_V8_FLAGS, forkExecArgv } from './api-processes';

describe('the forked API processes’ V8 flags (decision 0059)', () => {
  it('adds the heap flags after the primary’s own arguments', () => {
    expect(forkExecArgv(['-r', 'register.cjs'])).toEqual([
      '-r',
      'register.cjs',
      '--max-semi-space-size=8',
      '--heap-growing-percent=100',
    ]);
    expect(forkExecArgv([])).toEqual([...API_V8_FLAGS]);
  });

  it('leaves a flag the operator set, in the arguments or NODE_OPTIONS, in either spelling', () => {
    expect(forkExecArgv(['--max-semi-space-size=16'])).toEqual([
      '--max-semi-space-size=16',
      '--heap-growing-percent=100',
    ]);
    expect(forkExecArgv([], '--max_semi_space_size=4 --no-warnings')).toEqual(['--heap-growing-percent=100']);
    expect(forkExecArgv(['--heap_growing_percent=50'], '--max-semi-space-size=32')).toEqual([
      '--heap_growing_percent=50',
    ]);
  });
});

describe('the worker’s V8 flags (decision 0059)', () => {
  const file = (path: string) => readFileSync(join(__dirname, '..', path), 'utf8');

  it.each([
    ['scripts/lib/heap-flags.mjs', /HEAP_FLAGS = \[(.*)\]/],
    ['package.json', /"start:worker": "node (.*) dist\/main\.js --role=worker"/],
    ['docker-compose.yml', /command: \["node", (.*), "dist\/main\.js", "--role=worker"\]/],
    ['deploy/systemd/sahyog-worker.service', /ExecStart=\/usr\/bin\/node (.*) dist\/main\.js --role=worker/],
  ])('%s starts the worker with the forked API processes’ flags', (path, command) => {
    const flags = command.exec(file(path))?.[1] ?? '';
    for (const flag of API_V8_FLAGS) expect(flags).toContain(flag);
  });
});
