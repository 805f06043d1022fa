import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';

/** A form laid out as a column: no browser validation (the screen checks), no page load on submit. */
export function FormStack({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </Stack>
  );
}

/** A form's submit button: `label`, or `busyLabel` (disabled) while the request runs. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  sx,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  sx?: SxProps<Theme>;
}) {
  return (
    <Button type="submit" variant="contained" disabled={busy} sx={sx}>
      {busy ? busyLabel : label}
    </Button>
  );
}
