/** The member contract's texts. */
export const PAY_MSG = {
  selectPaymentType: 'Please Select Payment Type',
  utrRequired: 'UTR Number is required',
  enterQty: 'Enter Quantity !!',
  enterEpinType: 'Enter Epin Type !!',
  success: 'success',
  utrUsed: 'This UTR Number has already been used',
  badUtr: 'UTR Number must be 6 to 30 letters or digits',
  badQty: 'Quantity must be a whole number from 1 to 500',
  unknownOption: 'Please Select Payment Type',
  orderSuccess: 'success',
  unknownOrder: 'Invalid Order Id',
  received: 'Response Received',
  pending: 'Payment Pending',
  expired: 'Payment Expired',
  late: 'Payment received after the time limit; an admin will review it',
  onlyEpintypeB: 'Only 299 (EpintypeB) e-pins can be bought online or through the UPI gateway',
} as const;
