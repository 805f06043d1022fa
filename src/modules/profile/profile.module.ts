import { Inject, Injectable, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { Database } from '../../platform/db/database';
import { SaveBankDetailsHandler } from './commands/save-bank-details/save-bank-details.handler';
import { SaveWalletHandler } from './commands/save-wallet/save-wallet.handler';
import { UnlockDetailsHandler } from './commands/unlock-details/unlock-details.handler';
import { UpdateProfileHandler } from './commands/update-profile/update-profile.handler';
import { IFSC_PATTERN } from './domain/id-numbers';
import { ifscExists } from './ifsc/ifsc-codes';
import { IFSC_LOOKUP, IfscBranch, IfscLookup, ifscLookupFromEnv } from './ifsc/ifsc-lookup';
import { adminMemberProfile } from './queries/member-profile/member-profile.query';
import { regions, RegionType } from './queries/regions/regions.query';
import { userInformation } from './queries/user-information/user-information.query';

/** The profile's reads, as the API injects them. */
@Injectable()
export class ProfileQueries {
  constructor(
    private readonly db: Database,
    @Inject(IFSC_LOOKUP) private readonly ifsc: IfscLookup,
  ) {}

  /** `masked`: PAN and Aadhaar masked, for a read-only "Log in as" session. */
  userInformation(uid: string, masked = false) {
    return userInformation(this.db, uid, masked);
  }

  forAdmin(uid: string) {
    return adminMemberProfile(this.db, uid);
  }

  regions(type: RegionType, id: string) {
    return regions(type, id);
  }

  /** The branch of an IFSC: null unless it is well-formed, exists in the offline data and the look-up names it. */
  async branch(code: string): Promise<IfscBranch | null> {
    const ifsc = code.trim().toUpperCase();
    if (!IFSC_PATTERN.test(ifsc) || !ifscExists(ifsc)) return null;
    return this.ifsc.find(ifsc);
  }
}

/** Profile Info, bank details and the USDT wallet address (each locked once saved, unlocked by an admin), regions, IFSC. */
@Module({
  imports: [CqrsModule],
  providers: [
    { provide: IFSC_LOOKUP, useFactory: () => ifscLookupFromEnv() },
    UpdateProfileHandler,
    SaveBankDetailsHandler,
    SaveWalletHandler,
    UnlockDetailsHandler,
    ProfileQueries,
  ],
  exports: [ProfileQueries],
})
export class ProfileModule {}
