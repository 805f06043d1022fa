import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

const AsText = () =>
  Transform(({ value }) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : value));
const Text = (max: number, name: string) => [
  AsText(),
  IsOptional(),
  IsString({ message: `${name} must be text` }),
  MaxLength(max, { message: `${name} must be at most ${max} characters` }),
];
/** Text whose length is checked by the service after the spec's ordered checks (FundRequestBank), so a long field never pre-empts them. */
const LooseText = (name: string) => [AsText(), IsOptional(), IsString({ message: `${name} must be text` })];
const apply =
  (decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) =>
    decorators.forEach((d) => d(target, key));

export class BankDetailsQuery {
  @ApiPropertyOptional({ description: 'ignored; the caller is the token' }) @apply(Text(15, 'uid')) uid?: string;
  @ApiProperty({
    enum: ['1', '9', '10'],
    description: '1 options, 9 one option (id), 10 quote (id = quantity, amount = epin type)',
  })
  @AsText()
  @IsIn(['1', '9', '10'], { message: 'type must be 1, 9 or 10' })
  type!: string;
  @ApiPropertyOptional({ description: 'option id (type 9) or quantity (type 10)' }) @apply(Text(40, 'id')) id?: string;
  @ApiPropertyOptional({ description: 'epin type for the quote (type 10)' }) @apply(Text(20, 'amount')) amount?: string;
}

export class FundRequestBankDto {
  @ApiPropertyOptional({ description: 'must be the signed-in member if given' }) @apply(Text(15, 'uid')) uid?: string;
  // Lengths of the fields below: checked by SubmitBankRequest after the spec's ordered checks (BANK_REQUEST_MAX_LENGTHS).
  @ApiProperty({ example: '412345678901', maxLength: 30 }) @apply(LooseText('UTR Number')) utrno?: string;
  @ApiPropertyOptional({
    description: 'what the client computed; the server prices the request itself',
    example: '299.00',
    maxLength: 10,
  })
  @apply(LooseText('amount'))
  amount?: string;
  @ApiProperty({ description: 'payment option id', maxLength: 40 }) @apply(LooseText('bankid')) bankid?: string;
  @ApiProperty({ example: '1', maxLength: 5 }) @apply(LooseText('Quantity')) qty?: string;
  @ApiProperty({ enum: ['EpintypeA', 'EpintypeB'], maxLength: 20 }) @apply(LooseText('Epin Type')) epintype?: string;
  @ApiPropertyOptional({ description: 'Activate or Upgrade (stored as given)', maxLength: 30 })
  @apply(LooseText('usertype'))
  usertype?: string;
}

export class FundRequestHistoryDto {
  @ApiPropertyOptional() @apply(Text(15, 'uid')) uid?: string;
  @ApiProperty({
    enum: ['7', '11', '12'],
    description: '7 bank/QR requests, 11 online (USDT) orders, 12 gateway (UPI) orders',
  })
  @AsText()
  @IsIn(['7', '11', '12'], { message: 'action must be 7, 11 or 12' })
  action!: string;
}

export class GenerateOrderDto {
  @ApiPropertyOptional({ description: 'the member id; must be the signed-in member if given' })
  @apply(Text(15, 'username'))
  username?: string;
  @ApiPropertyOptional({ description: 'what the client shows (USDT or INR); a hint only' })
  @apply(Text(20, 'amount'))
  amount?: string;
}

export class DepositDto {
  @ApiPropertyOptional() @apply(Text(15, 'username')) username?: string;
  @ApiPropertyOptional({ description: 'a hint only; the server prices the order' })
  @apply(Text(20, 'amount'))
  amount?: string;
  @ApiProperty({ enum: ['EpintypeA', 'EpintypeB'] }) @apply(Text(20, 'epin_type')) epin_type?: string;
  @ApiProperty({ example: '1' }) @apply(Text(5, 'epin_qty')) epin_qty?: string;
  @ApiProperty() @apply(Text(40, 'clientid')) clientid?: string;
}

export class PaymentStatusDto {
  @ApiProperty() @apply(Text(40, 'clientid')) clientid?: string;
}

export class UpdatePaymentStatusDto extends PaymentStatusDto {
  @ApiPropertyOptional({ description: 'ignored: the server asks the gateway itself' })
  @apply(Text(100, 'message'))
  message?: string;
  @ApiPropertyOptional({ description: 'ignored: the server asks the gateway itself' })
  @apply(Text(60, 'utr'))
  utr?: string;
  @ApiPropertyOptional() @apply(Text(15, 'uid')) uid?: string;
}
