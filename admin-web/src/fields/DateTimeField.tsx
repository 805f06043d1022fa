import { Typography } from '@mui/material';
import { useFieldValue, useTranslate, type FieldProps } from 'react-admin';
import { formatDateTime, formatDay } from '../dates';

export interface DateTimeFieldProps extends FieldProps {
  /** With the time ('24 Nov 2026, 1:00 am', the default) or the day only ('24 Nov 2026'). */
  showTime?: boolean;
}

/**
 * react-admin's DateField, but in the member app's format and Indian time (src/dates.ts). Every date
 * of admin-web goes through it. An empty value shows `emptyText` (translated) or nothing.
 */
export const DateTimeField = ({ source, showTime = true, emptyText, className }: DateTimeFieldProps) => {
  const value: unknown = useFieldValue({ source });
  const translate = useTranslate();
  const empty = value === null || value === undefined || value === '';
  if (empty && !emptyText) return null;
  return (
    <Typography component="span" variant="body2" className={className} sx={{ whiteSpace: 'nowrap' }}>
      {empty ? translate(emptyText ?? '', { _: emptyText }) : showTime ? formatDateTime(value) : formatDay(value)}
    </Typography>
  );
};
