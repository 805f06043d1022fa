import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { EpinRequestList } from './EpinRequestList';
import { EpinRequestShow } from './EpinRequestShow';

/** Members' bank / QR e-pin requests: read by every role; Approve / Reject on the show page (approver, superadmin). */
export default { list: EpinRequestList, show: EpinRequestShow, icon: ReceiptLongIcon };
