import { apiClient } from '../../../lib/api-client';
import { epinTypeLabel } from '../../../lib/epin-type';
import { getSession } from '../../../lib/session';
import { rowsOf, text } from '../../../lib/use-rows';

/** POST /api/ActivationHistory — the e-pin lists of the caller, one `type` per list. */
/** ActivationHistory types: 1 registrations (top-ups by the caller), 2 unused e-pins, 3 used e-pins, 4 transfers. */
export type HistoryType = 1 | 2 | 3 | 4;

export interface UnusedEpin {
  pin: string;
  owner: string;
  amount: string;
  epintype: string;
  receivedDate: string;
  status: string;
}
export interface UsedEpin extends UnusedEpin {
  usedBy: string;
  usedDate: string;
}
export interface EpinTransferRow {
  owner: string;
  pin: string;
  toUid: string;
  toName: string;
  date: string;
}
export interface RegistrationRow {
  userId: string;
  name: string;
  email: string;
  mobile: string;
  pin: string;
  date: string;
}

async function activationHistory(type: HistoryType): Promise<Record<string, unknown>[]> {
  const uid = getSession().userId;
  const response = await apiClient.post<unknown>('/ActivationHistory', { uid, sid: uid, fdate: '', tdate: '', type });
  return rowsOf(response.data);
}

function toUnused(r: Record<string, unknown>): UnusedEpin {
  const epintype = text(r, 'epintype');
  return {
    pin: text(r, 'pin'),
    owner: text(r, 'pin_owner'),
    amount: epinTypeLabel(epintype, text(r, 'pinamnt')),
    epintype,
    receivedDate: text(r, 'dd'),
    status: text(r, 'ss'),
  };
}

export async function fetchUnusedEpins(): Promise<UnusedEpin[]> {
  return (await activationHistory(2)).map(toUnused);
}

export async function fetchUsedEpins(): Promise<UsedEpin[]> {
  return (await activationHistory(3)).map((r) => ({
    ...toUnused(r),
    usedBy: text(r, 'user_by'),
    usedDate: text(r, 'ud'),
  }));
}

export async function fetchEpinTransfers(): Promise<EpinTransferRow[]> {
  return (await activationHistory(4)).map((r) => ({
    owner: text(r, 'fromid'),
    pin: text(r, 'Epin'),
    toUid: text(r, 'uid'),
    toName: text(r, 'f_name'),
    date: text(r, 'dd'),
  }));
}

export async function fetchRegistrations(): Promise<RegistrationRow[]> {
  return (await activationHistory(1)).map((r) => ({
    userId: text(r, 'user_id'),
    name: text(r, 'f_name'),
    email: text(r, 'email'),
    mobile: text(r, 'mobile'),
    pin: text(r, 'pinnumber'),
    date: text(r, 'dd'),
  }));
}
