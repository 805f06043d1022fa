import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { AdminUserCreate } from './AdminUserCreate';
import { AdminUserEdit } from './AdminUserEdit';
import { AdminUserList } from './AdminUserList';

export default { list: AdminUserList, create: AdminUserCreate, edit: AdminUserEdit, icon: AdminPanelSettingsIcon };
