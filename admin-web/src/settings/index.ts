import TuneIcon from '@mui/icons-material/Tune';
import { SettingEdit } from './SettingEdit';
import { SettingList } from './SettingList';

/** App.tsx passes `edit` for a superadmin only; every other role reads the list. */
export default { list: SettingList, edit: SettingEdit, icon: TuneIcon };
