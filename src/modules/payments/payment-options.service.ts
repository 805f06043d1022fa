import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Database } from '../../platform/db/database';
import { Sql } from '../../platform/db/sql';
import { DomainError } from '../../platform/errors';
import { EventMetadata } from '../../platform/event-store/event.types';
import { Ledger } from '../../platform/ledger';
import { formatRupees } from '../../platform/money';
import { EpinType } from '../epins';
import { loadSettings } from '../settings';
import { PaymentOptionFields, paymentOptionStream } from './domain/payment.events';
import { percentText, quote } from './domain/pricing';

export interface OptionRow {
  id: string;
  type: 'Bank' | 'QR';
  bank_name: string;
  holder: string;
  address: string;
  ifsc: string;
  branch: string;
  imglink: string;
  disabled: boolean;
  created_at: Date;
  updated_at: Date;
  version: number;
}

export const OPTION_COLUMNS =
  'id, type, bank_name, holder, address, ifsc, branch, imglink, disabled, created_at, updated_at, version';

/** The member contract's shape of an option. */
export const memberOption = (r: OptionRow) => ({
  id: r.id,
  Bank_Name: r.bank_name,
  type: r.type,
  acholdername: r.holder,
  btcaddress: r.address,
  ifsc: r.ifsc,
  Branch: r.branch,
  imglink: r.imglink,
});

/** The admin API's shape (react-admin record). */
export const adminOption = (r: OptionRow) => ({
  ...memberOption(r),
  disabled: r.disabled,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

export async function findOption(sql: Sql, id: string): Promise<OptionRow | undefined> {
  const [row] = await sql.query<OptionRow>(`select ${OPTION_COLUMNS} from payment_options where id = $1`, [id]);
  return row;
}

/** Admin bank / QR payment options and the e-pin quote. */
@Injectable()
export class PaymentOptionsService {
  constructor(
    private readonly ledger: Ledger,
    private readonly db: Database,
  ) {}

  find(id: string): Promise<OptionRow | undefined> {
    return findOption(this.db, id);
  }

  async enabled(): Promise<OptionRow[]> {
    return this.db.query<OptionRow>(
      `select ${OPTION_COLUMNS} from payment_options where not disabled order by created_at, id`,
    );
  }

  /** The spec's quote: amount = price × q, discount by tier, net; rupee texts. */
  async quote(epinType: EpinType, qty: number) {
    const q = quote(await loadSettings(this.db), epinType, qty);
    return {
      requestpin_amount: formatRupees(BigInt(q.amountPaise)),
      discount_amount: formatRupees(BigInt(q.discountPaise)),
      discount_rate: percentText(q.discountRateBp),
      amount1: formatRupees(BigInt(q.netPaise)),
    };
  }

  /** Creates an option; `disabled` creates it disabled, in the same transaction (members never see it). */
  async create(fields: PaymentOptionFields, metadata: EventMetadata, disabled = false): Promise<OptionRow> {
    const id = `PO${randomBytes(5).toString('hex').toUpperCase()}`;
    await this.ledger.run(metadata, (tx) =>
      tx.append(paymentOptionStream(id), 0, [
        { type: 'PaymentOptionCreated', payload: { id, ...fields } },
        ...(disabled ? [{ type: 'PaymentOptionDisabled', payload: {} }] : []),
      ]),
    );
    return (await this.find(id))!;
  }

  /** Edits the fields that changed and (en|dis)ables; nothing changed → nothing appended. */
  async update(
    id: string,
    fields: PaymentOptionFields,
    disabled: boolean | undefined,
    metadata: EventMetadata,
  ): Promise<OptionRow> {
    await this.ledger.run(metadata, async (tx) => {
      const [row] = await tx.query<OptionRow>(
        `select ${OPTION_COLUMNS} from payment_options where id = $1 for update`,
        [id],
      );
      if (!row) throw new DomainError('PAYMENT.UNKNOWN_OPTION', `No payment option ${id}`, 'not-found');
      let version = row.version;
      const current: PaymentOptionFields = {
        type: row.type,
        bankName: row.bank_name,
        holder: row.holder,
        address: row.address,
        ifsc: row.ifsc,
        branch: row.branch,
        imglink: row.imglink,
      };
      if (JSON.stringify(current) !== JSON.stringify(fields)) {
        await tx.append(paymentOptionStream(id), version, [{ type: 'PaymentOptionEdited', payload: fields }]);
        version++;
      }
      if (disabled !== undefined && disabled !== row.disabled) {
        await tx.append(paymentOptionStream(id), version, [
          { type: disabled ? 'PaymentOptionDisabled' : 'PaymentOptionEnabled', payload: {} },
        ]);
      }
    });
    return (await this.find(id))!;
  }
}
