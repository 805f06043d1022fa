/** Razorpay's `ifsc` package (no types of its own): the offline check against its bundled list of every IFSC. */
declare module 'ifsc' {
  const ifsc: { validate(code: string): boolean };
  export default ifsc;
}
