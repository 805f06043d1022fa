/** The profile context's public surface: Profile Info, bank details, the USDT wallet address, their locks, regions and IFSC. */
export { ProfileModule, ProfileQueries } from './profile.module';
export { UpdateProfileCommand } from './commands/update-profile/update-profile.command';
export { SaveBankDetailsCommand } from './commands/save-bank-details/save-bank-details.command';
export { SaveWalletCommand } from './commands/save-wallet/save-wallet.command';
export { UnlockDetailsCommand } from './commands/unlock-details/unlock-details.command';
export { PROFILE_MSG, PROFILE_OUTCOME } from './domain/profile.events';
export type { ProfileOutcome } from './domain/profile.events';
export { memberProfilesProjection } from './projections/member-profiles.projection';
export { receiverBanks } from './queries/member-profile/member-profile.query';
export type { ReceiverBank } from './queries/member-profile/member-profile.query';
export { REGION_TYPES } from './queries/regions/regions.query';
export type { RegionType } from './queries/regions/regions.query';
