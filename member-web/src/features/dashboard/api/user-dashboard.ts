import { startTransition, useCallback, useEffect, useState } from 'react';
import { apiClient, ForcedLogoutError } from '../../../lib/api-client';
import { isOnline, subscribeConnection } from '../../../lib/connection';
import { settledEarlyAnswer, takeEarlyAnswer } from '../../../lib/early-answer';
import { keepLastFigures, readLastFigures, showingLastFigures } from '../../../lib/last-figures';
import { getSession } from '../../../lib/session';

/** Where the member's last dashboard figures are kept on the device (lib/last-figures.ts). */
const LAST_FIGURES = 'dashboard';

/** The member summary of POST /api/userDashboard (amounts are rupee strings, dates ISO or ''). */
export interface DashboardSummary {
  uid: string;
  f_name: string;
  isagree: string;
  Activestatus: string;
  RegDate: string;
  ActDate: string;
  totalrefferal: string;
  totalteam: string;
  totalphamount: string;
  totalghamount: string;
  TeamIncome: string;
  TotalIncome: string;
  totalWithdrawal: string;
  TodayWithdrawal: string;
  Net_Balance: string;
  Totalpin: string;
  /** The member's place in the PH / GH queue (1 = next; '' when not waiting there) and what of theirs waits. */
  myPhQueuePosition: string;
  myGhQueuePosition: string;
  myPhQueueRupees: string;
  myGhQueueRupees: string;
  /** CONTACT ADMIN's chat link (the `contactAdminUrl` setting); '' when none is set. */
  contactAdminUrl: string;
  impersonated: boolean;
}

const TEXT_FIELDS = [
  'uid',
  'f_name',
  'isagree',
  'Activestatus',
  'RegDate',
  'ActDate',
  'totalrefferal',
  'totalteam',
  'totalphamount',
  'totalghamount',
  'TeamIncome',
  'TotalIncome',
  'totalWithdrawal',
  'TodayWithdrawal',
  'Net_Balance',
  'Totalpin',
  'myPhQueuePosition',
  'myGhQueuePosition',
  'myPhQueueRupees',
  'myGhQueueRupees',
  'contactAdminUrl',
] as const;

export function toDashboardSummary(row: unknown): DashboardSummary | null {
  if (typeof row !== 'object' || row === null) return null;
  const r = row as Record<string, unknown>;
  const summary = { impersonated: r.impersonated === true } as DashboardSummary;
  for (const field of TEXT_FIELDS) {
    const value = r[field];
    summary[field] = value === undefined || value === null ? '' : String(value);
  }
  return summary;
}

const summaryOf = (body: unknown): DashboardSummary | null =>
  Array.isArray(body) ? toDashboardSummary(body[0]) : null;

/**
 * POST /api/userDashboard: the body is `[summary]`. The caller is the token's member. The first
 * read of a visit takes the answer the dashboard shell already asked for (lib/early-answer.ts),
 * when it came as a 200 for this member and token; otherwise it asks.
 */
export async function fetchUserDashboard(uid: string): Promise<DashboardSummary | null> {
  const early = await takeEarlyAnswer(uid, getSession().jwtToken);
  if (early !== undefined) return summaryOf(early);
  const response = await apiClient.post<unknown>('/userDashboard', { uid });
  return summaryOf(response.data);
}

/** `asOf`: the summary is the member's last one kept on this device, from that time (not yet refreshed). */
export type DashboardLoad =
  { state: 'loading' } | { state: 'failed' } | { state: 'ready'; summary: DashboardSummary; asOf?: number };

function lastSummary(uid: string): DashboardLoad {
  // The dashboard shell's answer, when it has already come: fresh figures, no "as of".
  const early = summaryOf(settledEarlyAnswer(uid, getSession().jwtToken));
  if (early) return { state: 'ready', summary: early };
  const kept = readLastFigures<DashboardSummary>(LAST_FIGURES);
  return kept && kept.value.uid === uid ? { state: 'ready', summary: kept.value, asOf: kept.at } : { state: 'loading' };
}

/**
 * The member's summary: drawn at once from the last one kept on this device (issue 20), then
 * refreshed from the server. A failed read keeps the last figures (the offline banner names their
 * time) or, with none, fails with a retry; it is read again by itself when the connection returns.
 */
export function useDashboardSummary(uid: string): { load: DashboardLoad; reload: () => void } {
  const [load, setLoad] = useState<DashboardLoad>(() => lastSummary(uid));
  const [attempt, setAttempt] = useState(0);
  const asOf = load.state === 'ready' ? load.asOf : undefined;
  useEffect(() => (asOf === undefined ? undefined : showingLastFigures(asOf)), [asOf]);
  const failed = load.state === 'failed' || asOf !== undefined;
  useEffect(
    () =>
      subscribeConnection(() => {
        if (failed && isOnline()) setAttempt((n) => n + 1);
      }),
    [failed],
  );
  useEffect(() => {
    let active = true;
    // Already loading on the first visit, or showing the last figures: keep them while the new ones come.
    setLoad((current) => (current.state === 'failed' ? { state: 'loading' } : current));
    fetchUserDashboard(uid)
      .then((summary) => {
        if (summary) keepLastFigures(LAST_FIGURES, summary);
        // A transition: the cards and sections it draws render in slices, not one long task (decision 0030).
        if (active) startTransition(() => setLoad(summary ? { state: 'ready', summary } : { state: 'failed' }));
      })
      .catch((error: unknown) => {
        // A forced logout has already left this screen; anything else is worth a log line.
        if (!(error instanceof ForcedLogoutError)) console.error('dashboard failed', error);
        if (!active) return;
        setLoad((current) => {
          if (current.state === 'ready' && current.asOf !== undefined) return current;
          const last = lastSummary(uid);
          return last.state === 'ready' ? last : { state: 'failed' };
        });
      });
    return () => {
      active = false;
    };
  }, [uid, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { load, reload };
}
