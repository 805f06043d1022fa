import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Spinner } from './spinner';

/** A screen's read on its way: a centred spinner (CSS, components/ui/spinner.tsx) with its accessible name. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
      <Spinner label={label} />
    </Box>
  );
}

/** A screen's read that failed: the message and a retry button. */
export function LoadFailed({ message, retry, onRetry }: { message: string; retry: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {retry}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
