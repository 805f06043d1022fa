import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import { PaymentOrderList } from './PaymentOrderList';
import { PaymentOrderShow } from './PaymentOrderShow';

/** USDT / UPI gateway orders: read by every role; Resolve (late payments) for approver and superadmin. */
export default { list: PaymentOrderList, show: PaymentOrderShow, icon: CurrencyExchangeIcon };
