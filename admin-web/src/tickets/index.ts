import ForumIcon from '@mui/icons-material/Forum';
import { TicketList } from './TicketList';
import { TicketShow } from './TicketShow';

/** Members' help-desk tickets: read by every role; Reply / Close on the show page (support, approver, superadmin). */
export default { list: TicketList, show: TicketShow, icon: ForumIcon };
