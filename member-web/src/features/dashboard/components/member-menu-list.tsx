import Menu from '@mui/material/Menu';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink } from 'react-router-dom';

export interface MemberMenuListProps {
  anchor: HTMLElement | null;
  groups: ReadonlyArray<{ title: string; links: ReadonlyArray<{ to: string; label: string }> }>;
  onClose: () => void;
}

/**
 * The MENU's popup of links (member-menu.tsx holds the button and the texts). Its own chunk, so MUI's
 * Menu, Popover and Modal are not in the dashboard's first load (decision 0030).
 */
export function MemberMenuList({ anchor, groups, onClose }: MemberMenuListProps) {
  return (
    <Menu id="member-menu" anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {groups.flatMap((group) => [
        <ListSubheader key={`group-${group.title}`} sx={{ lineHeight: '32px', fontWeight: 700 }}>
          {group.title}
        </ListSubheader>,
        ...group.links.map((link) => (
          <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={onClose}>
            {link.label}
          </MenuItem>
        )),
      ])}
    </Menu>
  );
}
