import * as QRCode from 'qrcode';

/** The UPI payment the member's app opens: a `upi://pay?…` link, drawn locally as a QR image (never fetched). */
export async function upiPayment(
  payAddress: string,
  payeeName: string,
  amount: string,
  clientid: string,
): Promise<{ upiUrl: string; qrCodeImage: string }> {
  const upiUrl = `upi://pay?${new URLSearchParams({ pa: payAddress, pn: payeeName, am: amount, tn: clientid, cu: 'INR' }).toString()}`;
  return { upiUrl, qrCodeImage: await QRCode.toDataURL(upiUrl) };
}
