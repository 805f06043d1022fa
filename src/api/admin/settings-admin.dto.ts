import { ApiProperty } from '@nestjs/swagger';
import { Allow } from 'class-validator';

export class SettingDto {
  // The value's shape depends on the setting; checkSetting() validates it before anything is written.
  @ApiProperty({ description: 'the new value; its shape depends on the setting' }) @Allow() value!: unknown;
  // react-admin sends the whole record back; these are accepted and ignored.
  @ApiProperty({ required: false }) @Allow() id?: unknown;
  @ApiProperty({ required: false }) @Allow() key?: unknown;
  @ApiProperty({ required: false }) @Allow() default?: unknown;
  @ApiProperty({ required: false }) @Allow() changed_at?: unknown;
  @ApiProperty({ required: false }) @Allow() changed_by?: unknown;
}
