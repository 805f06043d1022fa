import { Edit } from 'react-admin';
import { PaymentOptionForm, toPaymentOptionBody } from './paymentOptionForm';

/** Superadmin only (App.tsx): PUT /admin-api/payment-options/:id, pessimistic (waits for the API's event). */
export const PaymentOptionEdit = () => (
  <Edit mutationMode="pessimistic" transform={toPaymentOptionBody} redirect="list">
    <PaymentOptionForm />
  </Edit>
);
