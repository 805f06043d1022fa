import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { REGION_TYPES, RegionType } from '../../modules/profile';
import { UidBodyDto } from './help.dto';

const AsText = () =>
  Transform(({ value }) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value));

/** Upper bound for any field, above every form limit (the longest is 30): the domain checks the spec's own limits and texts. */
const MAX_FIELD = 100;

/** An optional text field (numbers accepted as text), at most MAX_FIELD characters. */
const Field = (description?: string) =>
  applyDecorators(
    ApiPropertyOptional(description ? { description } : {}),
    IsOptional(),
    AsText(),
    IsString({ message: ({ property }) => `${property} must be text` }),
    MaxLength(MAX_FIELD, { message: ({ property }) => `${property} must be at most ${MAX_FIELD} characters` }),
  );

export const UPDATE_PROFILE_TYPES = ['profile', 'password', 'trans_password', 'ecurrency', 'bankdetails'] as const;
export type UpdateProfileType = (typeof UPDATE_PROFILE_TYPES)[number];

/**
 * POST /api/UpdateProfile (spec §7): one call, five `type`s, each with the spec's fields. Fields of
 * another type are accepted and ignored (the original client sends what it holds); `IP_address`
 * is the client's hint only (the server records the connection's address).
 */
export class UpdateProfileDto extends UidBodyDto {
  @ApiProperty({ enum: UPDATE_PROFILE_TYPES })
  @IsIn(UPDATE_PROFILE_TYPES, { message: `type must be one of ${UPDATE_PROFILE_TYPES.join(', ')}` })
  type!: UpdateProfileType;
  @Field('ignored: the server records the connection’s address') IP_address?: string;
  // profile
  @Field() statename?: string;
  @Field() districtname?: string;
  @Field('digits, at most 6 (spec §5)') cityname?: string;
  @Field('read-only: ignored') counrtyid?: string;
  @Field('read-only: ignored') countryid?: string;
  @Field() pincode?: string;
  @Field() Nomineename?: string;
  @Field() Nomineerelation?: string;
  // password / trans_password
  @Field('password: the new password') password?: string;
  @Field('password: the current password') cpassword?: string;
  @Field('password: the new one again (Sahyog; checked when sent)') confirmpassword?: string;
  @Field('trans_password: the new transaction password') trans_password?: string;
  @Field('trans_password: the current transaction password; bankdetails: the transaction password')
  ctrans_password?: string;
  @Field('trans_password: the new one again (Sahyog; checked when sent)') confirm_trans_password?: string;
  // ecurrency / bankdetails
  @Field('ecurrency: the USDT BEP-20 address; bankdetails: the account number') accountnumber?: string;
  @Field('ecurrency: the transaction password') otp?: string;
  @Field('ecurrency: read-only, ignored') email?: string;
  @Field('bankdetails: kept only when the IFSC look-up cannot name the bank') bank_name?: string;
  @Field('bankdetails: kept only when the IFSC look-up cannot name the branch') branch?: string;
  @Field() ifsc?: string;
  @Field() holder?: string;
  @Field() PAN?: string;
  @Field() AAdhar?: string;
  @Field() upinumber?: string;
}

export class RegionDto extends UidBodyDto {
  @ApiProperty({
    enum: REGION_TYPES,
    description: "'State': the states of India; 'District': the districts of state `regionid`",
  })
  @AsText()
  @IsIn(REGION_TYPES, { message: `regiontype must be one of ${REGION_TYPES.join(', ')}` })
  regiontype!: RegionType;
  @ApiPropertyOptional({ description: "State: ignored (India, 101); District: the state's id" })
  @IsOptional()
  @AsText()
  @IsString({ message: 'regionid must be text' })
  @MaxLength(10, { message: 'regionid must be at most 10 characters' })
  regionid?: string;
}
