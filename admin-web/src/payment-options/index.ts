import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import { PaymentOptionCreate } from './PaymentOptionCreate';
import { PaymentOptionEdit } from './PaymentOptionEdit';
import { PaymentOptionList } from './PaymentOptionList';

/** App.tsx passes `create` and `edit` for a superadmin only (the API's POST / PUT are superadmin-only). */
export default {
  list: PaymentOptionList,
  create: PaymentOptionCreate,
  edit: PaymentOptionEdit,
  icon: AccountBalanceIcon,
};
