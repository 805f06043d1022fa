import { parseMultiHost } from './multi-host';

// Proves libpq's multi-host URL is read as libpq reads it (issue 19 §5: such a URL stopped the API).
describe('parseMultiHost', () => {
  it('a single host is not a multi-host URL', () => {
    expect(parseMultiHost('postgres://u:p@db:5432/sahyog')).toBeNull();
  });

  it('splits the hosts, defaults the port, keeps credentials and parameters, drops target_session_attrs', () => {
    const url = parseMultiHost(
      'postgres://u:p%40ss@pg1:5433,pg2,[::1]:5434/sahyog?target_session_attrs=read-write&sslmode=disable',
    )!;
    expect(url.hosts).toEqual([
      { host: 'pg1', port: 5433 },
      { host: 'pg2', port: 5432 },
      { host: '::1', port: 5434 },
    ]);
    expect(url.readWrite).toBe(true);
    expect(url.single(1)).toBe('postgres://u:p%40ss@pg2:5432/sahyog?sslmode=disable');
    expect(url.single(2)).toBe('postgres://u:p%40ss@[::1]:5434/sahyog?sslmode=disable');
  });

  it('target_session_attrs=any accepts a standby; another value stops the start', () => {
    expect(parseMultiHost('postgres://u@a,b/db?target_session_attrs=any')!.readWrite).toBe(false);
    expect(() => parseMultiHost('postgres://u@a,b/db?target_session_attrs=standby')).toThrow(/target_session_attrs/);
    expect(() => parseMultiHost('postgres://u@a,b:x/db')).toThrow(/"b:x" is not a host/);
  });
});
