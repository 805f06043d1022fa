import QueueIcon from '@mui/icons-material/HourglassBottom';
import { QueueEntryList } from './QueueEntryList';

/** The PH and GH queues: read by every role; "Run matching now" and "Match by hand" for approver and superadmin. */
export default { list: QueueEntryList, icon: QueueIcon };
