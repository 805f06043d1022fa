import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsOptional, IsString, MaxLength } from 'class-validator';

export class StatementDto {
  /** Sent by the member contract's clients on every call; identity comes from the token only. */
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(15) uid?: string;
  /**
   * A tree head saved earlier (GET /api/ledger/tree-head): `{ treeSize, rootHash, … }`, or its
   * treeSize alone. Checked by the statement query (its other fields are ignored).
   */
  @ApiPropertyOptional({ example: { treeSize: 1200, rootHash: '…64 hex…' } }) @Allow() since?: unknown;
}
