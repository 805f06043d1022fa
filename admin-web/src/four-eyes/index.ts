import VerifiedIcon from '@mui/icons-material/Verified';
import { FourEyesList } from './FourEyesList';
import { FourEyesShow } from './FourEyesShow';

/** Requests waiting for a second admin (decision 0034): read by every role; Approve / Reject on the show page. */
export default { list: FourEyesList, show: FourEyesShow, icon: VerifiedIcon };
