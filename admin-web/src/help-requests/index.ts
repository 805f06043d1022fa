import SupportIcon from '@mui/icons-material/Support';
import { HelpRequestList } from './HelpRequestList';
import { HelpRequestShow } from './HelpRequestShow';

/** Members' help requests (PH commitments): read by every role; Approve / Reject on the show page (approver, superadmin). */
export default { list: HelpRequestList, show: HelpRequestShow, icon: SupportIcon };
