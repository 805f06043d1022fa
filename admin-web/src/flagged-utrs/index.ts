import FlagIcon from '@mui/icons-material/Flag';
import { FlaggedUtrList } from './FlaggedUtrList';

/** Reused UTRs the API refused and flagged: read by every role. */
export default { list: FlaggedUtrList, icon: FlagIcon };
