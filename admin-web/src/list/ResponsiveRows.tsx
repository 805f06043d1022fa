import type { ReactNode } from 'react';
import { Box, useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, SimpleList, type RaRecord } from 'react-admin';
import { formatDateTime } from '../dates';

/** Below the theme's `sm` breakpoint (600 px): a phone, where a Datagrid would scroll sideways. */
export function useIsPhone(): boolean {
  return useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
}

export interface ResponsiveRowsProps {
  /** The row's key (an element rendered with the row as its record, e.g. `<TextField source="id" />`). */
  primary: ReactNode;
  /** The row's status, shown under the key; inline elements only (it sits inside a paragraph). */
  status?: ReactNode;
  /** The source of the row's date, shown on the right of the key (src/dates.ts format). */
  date?: string;
  /** Where a tap on the row goes; `false` when the row has actions (a button may not sit inside a link). */
  rowClick?: 'show' | 'edit' | false;
  /** The row's actions (buttons reading the record from context), always visible beside the status. */
  actions?: ReactNode;
  /** The Datagrid shown from `sm` up (with ResponsiveDatagrid: its columns). */
  children: ReactNode;
}

/**
 * Every list of admin-web: its Datagrid on a wide screen, react-admin's SimpleList on a phone, each
 * row showing its key, status, date and actions, so nothing sits off-screen at 390 px.
 */
export const ResponsiveRows = ({ primary, status, date, rowClick = false, actions, children }: ResponsiveRowsProps) => {
  const isPhone = useIsPhone();
  if (!isPhone) return <>{children}</>;
  const secondary =
    status || actions ? (
      <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
        {status}
        {actions}
      </Box>
    ) : undefined;
  return (
    <SimpleList
      data-testid="phone-list"
      primaryText={primary}
      secondaryText={secondary}
      tertiaryText={date ? (record: RaRecord) => formatDateTime(record[date]) : undefined}
      rowClick={rowClick}
    />
  );
};

/** ResponsiveRows around a Datagrid without bulk actions, a tap on a row going the same place on both. */
export const ResponsiveDatagrid = ({ children, rowClick = false, ...rows }: ResponsiveRowsProps) => (
  <ResponsiveRows rowClick={rowClick} {...rows}>
    <Datagrid bulkActionButtons={false} rowClick={rowClick}>
      {children}
    </Datagrid>
  </ResponsiveRows>
);
