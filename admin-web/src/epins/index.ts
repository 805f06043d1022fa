import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import { EpinList } from './EpinList';

/** Read-only list; e-pins are created by the "Issue e-pins" action on the list (an event, not a CRUD create). */
export default { list: EpinList, icon: ConfirmationNumberIcon };
