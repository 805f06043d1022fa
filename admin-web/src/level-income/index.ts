import AccountTreeIcon from '@mui/icons-material/AccountTree';
import { LevelIncomeList } from './LevelIncomeList';

/** Read-only report: one row per activation and upline level, paid or skipped with the reason. */
export default { list: LevelIncomeList, icon: AccountTreeIcon };
