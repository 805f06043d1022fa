import LinkIcon from '@mui/icons-material/CompareArrows';
import { HelpLinkCreate } from './HelpLinkCreate';
import { HelpLinkList } from './HelpLinkList';
import { HelpLinkShow } from './HelpLinkShow';

/** Help links: read by every role with their history; create (manual match) and Resolve for approver and superadmin. */
export default { list: HelpLinkList, show: HelpLinkShow, create: HelpLinkCreate, icon: LinkIcon };
