import ScienceIcon from '@mui/icons-material/Science';
import { PaymentDoubleList } from './PaymentDoubleList';

/**
 * The local gateway double (resource `payment-double`, API path payment-double/orders — see
 * dataProvider.ts). Listed for approver, support and superadmin; Mark paid / Expire for approver and superadmin.
 */
export default { list: PaymentDoubleList, icon: ScienceIcon };
