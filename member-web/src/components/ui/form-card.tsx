import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LanguageSwitch } from './language-switch';

/** The centred card that frames the public forms (login, registration, passwords), with the language switch. */
export function FormCard({
  title,
  children,
  maxWidth = 440,
}: {
  title: string;
  children: ReactNode;
  maxWidth?: number;
}) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: 'linear-gradient(135deg, #0b6e69 0%, #3f9a94 55%, #f08a2c 100%)',
      }}
    >
      {/* MUI Paper's look at elevation 6, as a plain box (its code is not in /login's first load; decision 0030). */}
      <Box
        sx={{
          width: '100%',
          maxWidth,
          p: { xs: 3, sm: 4 },
          boxSizing: 'border-box',
          bgcolor: 'background.paper',
          color: 'text.primary',
          borderRadius: 1,
          boxShadow: 6,
        }}
      >
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
          <LanguageSwitch />
        </Box>
        <Typography variant="h5" component="h1" align="center" gutterBottom sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {children}
      </Box>
    </Box>
  );
}
