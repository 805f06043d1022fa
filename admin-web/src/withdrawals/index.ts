import PaymentsIcon from '@mui/icons-material/Payments';
import { WithdrawalList } from './WithdrawalList';
import { WithdrawalShow } from './WithdrawalShow';

/** Members' withdrawals: read by every role; Approve / Reject on the show page (approver, superadmin). */
export default { list: WithdrawalList, show: WithdrawalShow, icon: PaymentsIcon };
