import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useTranslation } from 'react-i18next';
import { LoadingBlock } from '../../../components/ui/load-states';
import { ForcedLogoutError } from '../../../lib/api-client';
import { useLoadOnOpen } from '../../../lib/use-rows';
import { fetchTree, type TreeMember, type TreePage } from '../api/team';
import { MemberStatus } from './team-table';

/** Levels one answer brings: the first view shows levels 1–3, each expand the next three below a member. */
const TREE_DEPTH = 3;

interface Loaded {
  state: 'loading' | 'ready' | 'failed';
  page: TreePage;
}

/** What every node of the view reads and does. */
interface TreeState {
  members: ReadonlyMap<string, TreeMember>;
  children: ReadonlyMap<string, string[]>;
  collapsed: ReadonlySet<string>;
  busy: string | null;
  toggle: (uid: string) => void;
  expand: (uid: string) => void;
}

/** A read still to continue: the rest of `root`'s levels from `after`. */
interface Pending {
  root: string | null;
  after: string;
}

/**
 * The genealogy view (Sahyog's, no spec screen): the member and levels 1–3 below, each member with
 * id, name, status and team size; a member with directs not yet loaded expands on demand (the
 * three levels below them, read from the server). Phone first: one column, small indents.
 */
export function TeamTree() {
  const { t } = useTranslation('team');
  const { load } = useLoadOnOpen<TreePage, Loaded>(() => fetchTree(null, TREE_DEPTH), '', 'team tree', {
    initial: { state: 'loading', page: { nodes: [], next: null } },
    loading: (previous) => ({ state: 'loading', page: previous.page }),
    ready: (page) => ({ state: 'ready', page }),
    failed: { state: 'failed', page: { nodes: [], next: null } },
  });
  const [extra, setExtra] = useState<TreeMember[]>([]);
  const [pending, setPending] = useState<Pending[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [done, setDone] = useState<ReadonlySet<string>>(new Set());
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());

  if (load.state === 'loading') return <LoadingBlock label={t('loadingTree')} />;
  const [top] = load.page.nodes;
  if (!top) return <Typography color="text.secondary">{t('noTeam')}</Typography>;

  const members = new Map<string, TreeMember>();
  for (const node of [...load.page.nodes, ...extra]) if (!members.has(node.uid)) members.set(node.uid, node);
  const children = new Map<string, string[]>();
  for (const node of members.values()) {
    if (node.uid === top.uid || !members.has(node.parent)) continue;
    children.set(node.parent, [...(children.get(node.parent) ?? []), node.uid]);
  }
  const [nextRead] = [...(load.page.next ? [{ root: null, after: load.page.next }] : []), ...pending].filter(
    (p) => !done.has(`${p.root}:${p.after}`),
  );

  async function read(root: string | null, after: string | null, what: string) {
    setBusy(what);
    try {
      const page = await fetchTree(root, TREE_DEPTH, after);
      setExtra((previous) => [...previous, ...page.nodes]);
      if (after) setDone((previous) => new Set(previous).add(`${root}:${after}`));
      if (page.next) setPending((previous) => [...previous, { root, after: page.next as string }]);
    } catch (error) {
      if (!(error instanceof ForcedLogoutError)) console.error('team tree failed', error);
    } finally {
      setBusy(null);
    }
  }

  function toggle(uid: string) {
    setCollapsed((previous) => {
      const next = new Set(previous);
      if (next.has(uid)) next.delete(uid);
      else next.add(uid);
      return next;
    });
  }

  return (
    <Box>
      <Box component="ul" role="tree" aria-label={t('treeView')} sx={{ p: 0, m: 0 }}>
        <TreeNode
          member={top}
          tree={{ children, members, collapsed, busy, toggle, expand: (uid) => void read(uid, null, uid) }}
        />
      </Box>
      {nextRead ? (
        <Button
          variant="outlined"
          sx={{ mt: 2 }}
          disabled={busy !== null}
          onClick={() => void read(nextRead.root, nextRead.after, 'more')}
        >
          {busy === 'more' ? t('loadingMore') : t('loadMore')}
        </Button>
      ) : null}
    </Box>
  );
}

function TreeNode({ member, tree }: { member: TreeMember; tree: TreeState }) {
  const { t } = useTranslation('team');
  const { children, members, collapsed, busy, toggle, expand } = tree;
  const kids = children.get(member.uid) ?? [];
  const loaded = kids.length > 0;
  const open = loaded && !collapsed.has(member.uid);
  const canExpand = member.directs > 0;
  return (
    <Box
      component="li"
      role="treeitem"
      aria-expanded={canExpand ? open : undefined}
      aria-label={`${member.uid} ${member.name}`}
      data-testid={`tree-node-${member.uid}`}
      sx={{ listStyle: 'none', mt: 0.75 }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          px: 0.5,
          py: 0.5,
          minWidth: 0,
        }}
      >
        {canExpand ? (
          loaded ? (
            <IconButton
              size="small"
              onClick={() => toggle(member.uid)}
              aria-label={open ? t('collapse', { uid: member.uid }) : t('expand', { uid: member.uid })}
            >
              {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
            </IconButton>
          ) : (
            <IconButton
              size="small"
              disabled={busy !== null}
              onClick={() => expand(member.uid)}
              aria-label={t('expand', { uid: member.uid })}
            >
              <ChevronRightIcon fontSize="small" />
            </IconButton>
          )
        ) : (
          <Box sx={{ width: 34, flexShrink: 0 }} />
        )}
        <Box sx={{ minWidth: 0, flex: 1, overflowWrap: 'anywhere' }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {member.uid} · {member.name}
          </Typography>
          <Typography variant="caption" component="p" color="text.secondary">
            <MemberStatus status={member.status} /> · {t('teamSize', { count: Number(member.team), n: member.team })}
          </Typography>
        </Box>
        {busy === member.uid ? <Typography variant="caption">{t('loadingMore')}</Typography> : null}
      </Box>
      {open ? (
        <Box component="ul" role="group" sx={{ pl: 1.5, m: 0 }}>
          {kids.flatMap((uid) => {
            const kid = members.get(uid);
            return kid ? [<TreeNode key={uid} member={kid} tree={tree} />] : [];
          })}
        </Box>
      ) : null}
    </Box>
  );
}
