import { Box, List as MuiList, ListItem, ListItemText, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime } from '../dates';

/** One step of a record's history, as a show endpoint answers it (`history: [...]`, oldest first). */
export interface HistoryStep {
  type: string;
  at: string;
  actor: string;
  /** A help link's remark. */
  remark?: string;
  /** A ticket's text (the query, a reply). */
  text?: string;
}

const isStep = (value: unknown): value is HistoryStep =>
  typeof value === 'object' && value !== null && 'type' in value && 'at' in value;

/**
 * The record's `history`, oldest first: what happened (`resources.<resource>.history.types.<type>`),
 * when (Indian time), who, and the step's remark or text (line breaks kept). Titled
 * `resources.<resource>.history.title`; `…history.empty` when there is no step.
 */
export const HistoryList = ({ resource, testId }: { resource: string; testId: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const steps = Array.isArray(record?.history) ? record.history.filter(isStep) : [];
  const keys = `resources.${resource}.history`;
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2">
        {translate(`${keys}.title`)}
      </Typography>
      {steps.length === 0 ? (
        <Typography color="text.secondary">{translate(`${keys}.empty`)}</Typography>
      ) : (
        <MuiList dense data-testid={testId}>
          {steps.map((step, index) => (
            <ListItem key={`${step.type}-${step.at}-${index}`} divider disableGutters>
              <ListItemText
                primary={translate(`${keys}.types.${step.type}`, { _: step.type })}
                secondary={[formatDateTime(step.at), step.actor, step.remark ?? step.text].filter(Boolean).join(' · ')}
                slotProps={{ secondary: { sx: { whiteSpace: 'pre-line', overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </MuiList>
      )}
    </Box>
  );
};
