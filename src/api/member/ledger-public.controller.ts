import { Controller, Get, NotFoundException } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Database } from '../../platform/db/database';
import { latestDigest, latestTreeHead, PublishedDigest } from '../../platform/event-store/checkpoint';
import { TreeHead } from '../../platform/event-store/ledger-tree';
import { LedgerKeys, PublishedKey } from '../../platform/event-store/signing';
import { errorBody } from '../../platform/http/error-body';

/**
 * The ledger's public evidence, for anyone and without a login: the keys that sign checkpoints
 * and the latest signed checkpoint. Saved by an outsider, a digest proves later that the ledger
 * was not rewritten (`npm run ledger -- verify --against digest.json`, docs/ledger-format.md).
 */
@ApiTags('ledger')
@Controller('ledger')
export class LedgerPublicController {
  constructor(
    private readonly db: Database,
    private readonly keys: LedgerKeys,
  ) {}

  @Get('public-key')
  @ApiOperation({ summary: 'The Ed25519 key that signs ledger checkpoints (and the retired keys still trusted)' })
  publicKey(): PublishedKey & { keys: PublishedKey[] } {
    const keys = this.keys.published();
    return { ...keys[0], keys };
  }

  @Get('digest')
  @ApiOperation({
    summary: 'The latest signed checkpoint: position, transaction id, digest, time, key id and signature',
  })
  async digest(): Promise<PublishedDigest> {
    const digest = await latestDigest(this.db);
    if (!digest) throw new NotFoundException(errorBody(404, 'No checkpoint has been signed yet'));
    return digest;
  }

  @Get('tree-head')
  @ApiOperation({
    summary:
      'The latest signed RFC 9162 tree head { treeSize, rootHash, time, keyId, signature, signedMessage }: save it, check statements against it',
  })
  async treeHead(): Promise<TreeHead> {
    const latest = await latestTreeHead(this.db);
    if (!latest) throw new NotFoundException(errorBody(404, 'No tree head has been signed yet'));
    return latest.head;
  }
}
