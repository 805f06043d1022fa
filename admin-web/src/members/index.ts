import PeopleIcon from '@mui/icons-material/People';
import { MemberList } from './MemberList';
import { MemberShow } from './MemberShow';

export default { list: MemberList, show: MemberShow, icon: PeopleIcon };
