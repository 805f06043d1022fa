import SupportIcon from '@mui/icons-material/Support';
import { HelpRequestList } from './HelpRequestList';

/** Read-only report: members raise help requests themselves; the back office only reads them. */
export default { list: HelpRequestList, icon: SupportIcon };
