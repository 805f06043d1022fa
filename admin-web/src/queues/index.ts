import QueueIcon from '@mui/icons-material/Queue';
import { QueueList } from './QueueList';

export default { list: QueueList, icon: QueueIcon };
