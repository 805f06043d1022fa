import { alpha, type Theme } from '@mui/material/styles';
import { buttonLook } from './button-look';
import { TOGGLE_TEXT } from './theme';

export type ButtonTone = 'primary' | 'secondary' | 'success' | 'warning' | 'info' | 'error';

/**
 * MUI's contained, outlined and toggle Button looks (medium; `small` for the small size) for a plain
 * `<button>` or `<a>`: the dashboard's first render holds fifteen buttons, and each MUI Button (with
 * ButtonBase) costs render and style work in that render's commit, which is one task (decision 0030).
 */
const size = (small: boolean) =>
  small ? { px: '10px', py: '4px', fontSize: '0.8125rem' } : { px: 2, py: '6px', fontSize: '0.875rem' };

const disabled = { bgcolor: 'action.disabledBackground', color: 'action.disabled', cursor: 'default' } as const;

export function containedLook(tone: ButtonTone, small = false) {
  return {
    ...buttonLook,
    ...size(small),
    lineHeight: 1.75,
    bgcolor: `${tone}.main`,
    color: `${tone}.contrastText`,
    '&:hover': { bgcolor: `${tone}.dark` },
    '&:disabled': disabled,
  } as const;
}

export function outlinedLook(tone: ButtonTone, small = false) {
  return {
    ...buttonLook,
    // The 1 px border is inside MUI's padding.
    px: small ? '9px' : '15px',
    py: small ? '3px' : '5px',
    fontSize: small ? '0.8125rem' : '0.875rem',
    lineHeight: 1.75,
    border: '1px solid',
    borderColor: (theme: Theme) => alpha(theme.palette[tone].main, 0.5),
    color: `${tone}.main`,
    '&:hover': { borderColor: `${tone}.main`, bgcolor: (theme: Theme) => alpha(theme.palette[tone].main, 0.04) },
    '&:disabled': { ...disabled, bgcolor: 'transparent', borderColor: 'action.disabledBackground' },
  } as const;
}

/** A button's start icon (MUI's `startIcon`: 20 px, 8 px before the text). */
export const startIconLook = { display: 'inherit', mr: 1, ml: '-4px', '& svg': { fontSize: 20 } } as const;

/** MUI's small ToggleButton in a group (joined borders; the theme's TOGGLE_TEXT when not pressed). */
export function toggleLook(first: boolean, last: boolean) {
  return {
    ...buttonLook,
    minWidth: 0,
    p: '7px',
    fontSize: '0.8125rem',
    lineHeight: 1.75,
    color: TOGGLE_TEXT,
    border: '1px solid',
    borderColor: 'divider',
    borderRadius: first ? '10px 0 0 10px' : last ? '0 10px 10px 0' : 0,
    ml: first ? 0 : '-1px',
    '&:hover': { bgcolor: 'action.hover' },
    '&[aria-pressed="true"]': {
      color: 'primary.main',
      bgcolor: (theme: Theme) => alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity),
    },
  } as const;
}
