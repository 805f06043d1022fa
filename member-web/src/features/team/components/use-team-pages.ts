import { useState } from 'react';
import { ForcedLogoutError } from '../../../lib/api-client';
import { useLoadOnOpen } from '../../../lib/use-rows';
import { fetchTeamPage, type TeamMember, type TeamPage, type TeamReport } from '../api/team';

const EMPTY: TeamPage = { rows: [], total: '', next: null };

interface Loaded {
  state: 'loading' | 'ready' | 'failed';
  page: TeamPage;
}

/** Pages read after the first one, for the first page they continue. */
interface More {
  after: TeamPage;
  rows: TeamMember[];
  next: string | null;
  busy: boolean;
}

/**
 * A team report: the first page when the screen opens (and again when `key` changes: the level
 * team's Search), then `loadMore` appends the next page from the server's cursor, so a team of any
 * size is read page by page and shown in the client-side table (spec §2).
 */
export function useTeamPages(report: TeamReport, key: string, what: string) {
  const { load, reload } = useLoadOnOpen<TeamPage, Loaded>(() => fetchTeamPage(report, null), key, what, {
    initial: { state: 'loading', page: EMPTY },
    loading: (previous) => ({ state: 'loading', page: previous.page }),
    ready: (page) => ({ state: 'ready', page }),
    failed: { state: 'failed', page: EMPTY },
  });
  const [more, setMore] = useState<More | null>(null);
  // Pages read after an older first page are dropped when a new first page arrives.
  const current: More =
    more && more.after === load.page ? more : { after: load.page, rows: [], next: load.page.next, busy: false };

  async function loadMore() {
    if (!current.next || current.busy) return;
    setMore({ ...current, busy: true });
    try {
      const page = await fetchTeamPage(report, current.next);
      setMore({ after: current.after, rows: [...current.rows, ...page.rows], next: page.next, busy: false });
    } catch (error) {
      if (!(error instanceof ForcedLogoutError)) console.error(`${what} (next page) failed`, error);
      setMore({ ...current, busy: false });
    }
  }

  return {
    loading: load.state === 'loading',
    failed: load.state === 'failed',
    reload,
    rows: current.rows.length ? [...load.page.rows, ...current.rows] : load.page.rows,
    total: load.page.total,
    hasMore: current.next !== null,
    busy: current.busy,
    loadMore,
  };
}
