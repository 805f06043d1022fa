import { EventMetadata } from '../../../../platform/event-store/event.types';

export class LoginMemberCommand {
  constructor(
    readonly uid: string,
    readonly password: string,
    readonly metadata: EventMetadata,
  ) {}
}

/** The member contract's login answer (spec §7). */
export interface LoginResult {
  result: string;
  resultid: string;
  resultusername: string;
  token: string;
}

export const loginRefused = (result: string): LoginResult => ({ result, resultid: '', resultusername: '', token: '' });
