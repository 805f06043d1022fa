import type { ReactNode } from 'react';
import { Grid } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

/** One field of a show page's grid: a quarter of the width on a wide screen, all of it on a phone. */
export const Cell = ({ children }: { children: ReactNode }) => <Grid size={{ xs: 12, sm: 6, md: 3 }}>{children}</Grid>;

/** A show page's title: `resources.<resource>.show_title` with the record's id. */
export const ShowTitle = ({ resource }: { resource: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  return record ? <span>{translate(`resources.${resource}.show_title`, { id: String(record.id) })}</span> : null;
};
