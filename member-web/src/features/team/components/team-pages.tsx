import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/ui/page-shell';
import { type PagedColumn } from '../../../components/ui/paged-table';
import { formatDate } from '../../../lib/format-date';
import { type TeamMember } from '../api/team';
import { MemberStatus, TeamTable } from './team-table';
import { TeamTree } from './team-tree';

/** The spec's level filter: All Level (0), Level 1 … Level 15. */
export const LEVELS = Array.from({ length: 16 }, (_, level) => level);

function useColumns() {
  const { t } = useTranslation('team');
  return {
    userId: { header: t('userId'), cell: (r: TeamMember) => r.uid },
    name: { header: t('name'), cell: (r: TeamMember) => r.name },
    mobile: { header: t('mobile'), cell: (r: TeamMember) => r.mobile },
    reg: (header: string) => ({ header, cell: (r: TeamMember) => formatDate(r.registrationDate) }),
  };
}

/** /MyTeam — the whole downline (S.No., User Id, Name, Reg., Mobile), or the genealogy tree. */
export function MyTeamPage() {
  const { t } = useTranslation('team');
  const c = useColumns();
  const [view, setView] = useState<'list' | 'tree'>('list');
  const columns: PagedColumn<TeamMember>[] = [c.userId, c.name, c.reg(t('reg')), c.mobile];
  return (
    <PageShell title={t('myTeam')}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={view}
        onChange={(_event, next: 'list' | 'tree' | null) => next && setView(next)}
        aria-label={t('view')}
        sx={{ mb: 2 }}
      >
        <ToggleButton value="list">{t('listView')}</ToggleButton>
        <ToggleButton value="tree">{t('treeView')}</ToggleButton>
      </ToggleButtonGroup>
      {view === 'list' ? (
        <TeamTable label={t('myTeam')} report={{ call: 'DownlineReport' }} columns={columns} />
      ) : (
        <TeamTree />
      )}
    </PageShell>
  );
}

/** /MyReferral — My Direct: S.No., User Id, Name, Reg. Date, Mobile, Status, Total Team, Active team. */
export function MyDirectPage() {
  const { t } = useTranslation('team');
  const c = useColumns();
  const columns: PagedColumn<TeamMember>[] = [
    c.userId,
    c.name,
    c.reg(t('regDate')),
    c.mobile,
    { header: t('status'), role: 'status', cell: (r) => <MemberStatus status={r.status} /> },
    { header: t('totalTeam'), cell: (r) => r.totalTeam },
    { header: t('activeTeam'), cell: (r) => r.activeTeam },
  ];
  return (
    <PageShell title={t('myDirect')}>
      <TeamTable label={t('myDirect')} report={{ call: 'DirectReport' }} columns={columns} />
    </PageShell>
  );
}

/** /LevelDetails — the level team (titled My Team): a level dropdown and Search; S.No., User Id, Name, Level, Reg. */
export function LevelTeamPage() {
  const { t } = useTranslation('team');
  const c = useColumns();
  const [level, setLevel] = useState(0);
  // The list is read again on each Search (spec §7), for the level chosen then.
  const [search, setSearch] = useState({ level: 0, count: 0 });
  const columns: PagedColumn<TeamMember>[] = [
    c.userId,
    c.name,
    { header: t('level'), cell: (r) => r.level },
    c.reg(t('reg')),
  ];
  return (
    <PageShell title={t('myTeam')}>
      <Stack
        component="form"
        direction="row"
        spacing={1}
        sx={{ mb: 2 }}
        onSubmit={(event) => {
          event.preventDefault();
          setSearch((previous) => ({ level, count: previous.count + 1 }));
        }}
      >
        <TextField
          select
          size="small"
          label={t('level')}
          value={level}
          onChange={(event) => setLevel(Number(event.target.value))}
          slotProps={{ select: { native: true } }}
          sx={{ minWidth: 160 }}
        >
          {LEVELS.map((n) => (
            <option key={n} value={n}>
              {n === 0 ? t('allLevel') : t('levelN', { n })}
            </option>
          ))}
        </TextField>
        <Button type="submit" variant="contained">
          {t('search')}
        </Button>
      </Stack>
      <TeamTable
        label={t('myTeam')}
        report={{ call: 'LevelDetails', leveltype: String(search.level) }}
        columns={columns}
        searchKey={`${search.level}:${search.count}`}
      />
    </PageShell>
  );
}
