/**
 * MUI's Button look (theme typography, padding, radius, hover, a visible focus ring) for a plain
 * `<a>` or `<button>`: the landing page and the language switch are in every visitor's first load, and
 * MUI's Button (with ButtonBase and its ripple) would add ≈ 7 KiB gzip to it (decision 0021).
 */
export const buttonLook = {
  typography: 'button',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  boxSizing: 'border-box',
  minWidth: 64,
  px: 1,
  py: '6px',
  m: 0,
  border: 0,
  borderRadius: 1,
  color: 'inherit',
  bgcolor: 'transparent',
  fontWeight: 600,
  textDecoration: 'none',
  cursor: 'pointer',
  transition: 'background-color 250ms',
  '&:hover': { bgcolor: 'action.hover' },
  '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 2 },
} as const;
