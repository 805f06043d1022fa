/** The identity context's public surface: members and admins, their commands, auth, and the member reads others decide on. */
export { IdentityModule } from './identity.module';
export { AccountSetupCall, AdminAuthGuard, CurrentAdmin, Roles } from './auth/admin-auth';
export { PASSWORD_CHANGE_REQUIRED } from './auth/password-change-required';
export { ADMIN_PASSWORD_MIN_LENGTH, adminPasswordProblem } from './admin-password-policy';
export type { AdminPrincipal } from './auth/admin-auth';
export {
  CurrentMember,
  MemberAuthGuard,
  MemberReadCall,
  MoneyOrCredentialCall,
  PasswordChangeCall,
  readOnlySession,
} from './auth/member-auth';
export type { MemberPrincipal } from './auth/member-auth';
export {
  ChangeAdminPasswordCommand,
  CreateAdminUserCommand,
  LoginAdminCommand,
  LogoutAdminCommand,
  UpdateAdminUserCommand,
} from './commands/admin-users/admin-users.command';
export type { AdminSession } from './commands/admin-users/admin-users.command';
export {
  DisableAdminTotpCommand,
  EnableAdminTotpCommand,
  ResetAdminTotpCommand,
  SetUpAdminTotpCommand,
} from './commands/admin-totp/admin-totp.command';
export type { TotpSetup, TotpStatus } from './commands/admin-totp/admin-totp.command';
export { AgreeDisclaimerCommand } from './commands/agree-disclaimer/agree-disclaimer.command';
export { SetMemberBlockedCommand } from './commands/block-member/block-member.command';
export {
  IssueImpersonationCommand,
  RedeemImpersonationCommand,
} from './commands/impersonate-member/impersonate-member.command';
export { LoginMemberCommand } from './commands/login-member/login-member.command';
export type { LoginResult } from './commands/login-member/login-member.command';
export { RegisterMemberCommand } from './commands/register-member/register-member.command';
export type { RegistrationResult } from './commands/register-member/register-member.command';
export { RequestPasswordResetCommand } from './commands/request-password-reset/request-password-reset.command';
export { ResetPasswordCommand } from './commands/reset-password/reset-password.command';
export { ChangeCredentialCommand } from './commands/change-credential/change-credential.command';
export type { CredentialChangeResult } from './commands/change-credential/change-credential.command';
export { CREDENTIAL_OUTCOME, CREDENTIAL_MSG } from './domain/credentials';
export { SECRET_CHECK_OUTCOME } from './domain/secret-checks';
export type { CredentialKind } from './domain/credentials';
export { proveMemberSecret, verifyMemberSecret } from './verify-secret';
export type { SecretProof } from './verify-secret';
export { ADMIN_ROLES, IMPERSONATING_ROLES } from './domain/admin.events';
export type { AdminRole } from './domain/admin.events';
export { memberStream } from './domain/member.events';
export type { MemberRegistered } from './domain/member.events';
export { MEMBER_OUTCOME, MSG, REGISTRATION_OUTCOME } from './domain/member.messages';
export { loadMember, UID_PATTERN } from './member-state';
export { hashPassword } from './passwords';
export { ADMIN_USERS_LIST, listAdminUsers, showAdminUser } from './queries/admin-users/admin-users.query';
export { listMembers, MEMBERS_LIST, showMember } from './queries/members/members.query';
export { MemberQueries } from './queries/member-queries';
export { IMPERSONATION_TTL_SECONDS } from './tokens';
export { adminUsersProjection, impersonationTokensProjection } from './projections/admin-users.projection';
export { loginAddressesProjection } from './projections/login-addresses.projection';
export { secretChecksProjection } from './projections/secret-checks.projection';
export {
  memberTreeProjection,
  membersProjection,
  passwordResetsProjection,
  sponsorPaths,
  CLOSURE_DEPTH,
} from './projections/members.projection';
export { TokenService } from './tokens';
export {
  adminCredentialRow,
  commitmentKeyId,
  commitmentOf,
  CREDENTIAL_COMMITTED,
  CREDENTIAL_TAMPER_DETECTED,
  credentialStream,
  insertMemberCredentials,
  memberCredentialRow,
  recoveryCodesRow,
  registrationCommitment,
  storeAdminPassword,
  storeMemberCredentials,
  totpSecretRow,
} from './credential-commitments';
export type {
  CredentialCommitted,
  CredentialRow,
  CredentialTable,
  CredentialTamperDetected,
} from './credential-commitments';
export { adminLedgerState, adminRightsDiffer } from './admin-ledger-state';
