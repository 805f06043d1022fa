import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const spin = keyframes`to { transform: rotate(360deg); }`;

/**
 * A progress ring drawn with CSS (`role="progressbar"`, named by `label`), the size and colours of
 * MUI's CircularProgress without its code or its SVG animation: the route's loading state (in every
 * page's first load, decision 0021) and a screen's read on its way, the dashboard's first paint
 * among them (decision 0030).
 */
export function Spinner({ label, size = 40 }: { label: string; size?: number }) {
  return (
    <Box
      role="progressbar"
      aria-label={label}
      sx={{
        width: size,
        height: size,
        boxSizing: 'border-box',
        borderRadius: '50%',
        border: Math.max(2, Math.round(size / 10)),
        borderColor: 'primary.light',
        borderTopColor: 'primary.main',
        animation: `${spin} 0.8s linear infinite`,
      }}
    />
  );
}
