import AnnouncementIcon from '@mui/icons-material/Announcement';
import { NewsCreate } from './NewsCreate';
import { NewsEdit } from './NewsEdit';
import { NewsList } from './NewsList';

/** News for members: read by every role; create / edit (hide, show) for the approver and superadmin. */
export default { list: NewsList, create: NewsCreate, edit: NewsEdit, icon: AnnouncementIcon };
