import { Create } from 'react-admin';
import { PaymentOptionForm, toPaymentOptionBody } from './paymentOptionForm';

/** Superadmin only (App.tsx): POST /admin-api/payment-options, then the list. */
export const PaymentOptionCreate = () => (
  <Create transform={toPaymentOptionBody} redirect="list">
    <PaymentOptionForm />
  </Create>
);
