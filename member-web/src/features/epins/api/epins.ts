import { apiClient, resultText } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';
import { rowsOf, text } from '../../../lib/use-rows';

/** E-pin types: EpintypeB is shown as 299, EpintypeA as 1000 (spec §3, §9). */
export type EpinType = 'EpintypeA' | 'EpintypeB';
export const EPIN_TYPES: ReadonlyArray<{ value: EpinType; label: string }> = [
  { value: 'EpintypeB', label: '299' },
  { value: 'EpintypeA', label: '1000' },
];

export function epinAmount(epintype: string, fallback = ''): string {
  if (epintype === 'EpintypeA') return '1000';
  if (epintype === 'EpintypeB') return '299';
  return fallback;
}

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
    amount: epinAmount(epintype, text(r, 'pinamnt')),
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

export const USER_NOT_FOUND = 'Sponsor Id doesnot exists !!';

export interface UserLookup {
  status: number;
  found: boolean;
  result: string;
  name: string;
}

/** GET /api/check_sponsorid?uid=… — the member look-up used by transfer and activation. */
export async function lookUpUser(uid: string): Promise<UserLookup> {
  const response = await apiClient.get<unknown>('/check_sponsorid', { params: { uid } });
  const body = (typeof response.data === 'object' && response.data !== null ? response.data : {}) as Record<
    string,
    unknown
  >;
  const result = typeof body.result === 'string' ? body.result : '';
  const name = typeof body.name === 'string' ? body.name : '';
  return {
    status: response.status,
    found: response.status === 200 && result !== USER_NOT_FOUND && name !== '',
    result,
    name,
  };
}

/** POST /api/EpinTransfer: 'Success' or the reason, as text. */
export async function transferEpins(input: { qty: string; touid: string; epintype: EpinType }): Promise<string> {
  const response = await apiClient.post<unknown>('/EpinTransfer', { uid: getSession().userId, ...input });
  return resultText(response.data);
}

/** POST /api/ActivateId: ' Activation Successfull', ' Upgrade Successfull' or the reason. */
export async function activateId(input: { touid: string; epin: string }): Promise<string> {
  const response = await apiClient.post<unknown>('/ActivateId', { uid: getSession().userId, ...input });
  return resultText(response.data);
}

export const ACTIVATION_SUCCESS = [' Activation Successfull', ' Upgrade Successfull'];

export function isActivationSuccess(result: string): boolean {
  return ACTIVATION_SUCCESS.some((ok) => ok.trim() === result.trim());
}
