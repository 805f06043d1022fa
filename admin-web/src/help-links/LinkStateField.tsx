import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { LINK_STATE_COLOR, type LinkState } from './choices';

/** The link's state as a coloured chip (an inline span, so it also fits a phone row's text). */
export const LinkStateField = (_props: { source?: string; label?: string; sortable?: boolean }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const state = String(record.state ?? '');
  return (
    <Chip
      component="span"
      size="small"
      data-testid="link-state"
      color={LINK_STATE_COLOR[state as LinkState] ?? 'default'}
      label={translate(`resources.help-links.state.${state}`, { _: state })}
    />
  );
};
