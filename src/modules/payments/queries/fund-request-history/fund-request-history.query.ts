/** FundRequestHistory: action 7 bank/QR requests, 11 online (USDT) orders, anything else gateway (UPI) orders. */
export class FundRequestHistoryQuery {
  constructor(
    readonly uid: string,
    readonly action: string,
  ) {}
}
