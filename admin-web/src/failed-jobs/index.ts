import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { FailedJobList } from './FailedJobList';

export default { list: FailedJobList, icon: ErrorOutlineIcon };
