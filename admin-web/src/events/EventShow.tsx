import { Box } from '@mui/material';
import { FunctionField, NumberField, Show, SimpleShowLayout, TextField, type RaRecord } from 'react-admin';
import { DateTimeField } from '../fields/DateTimeField';

const JsonBlock = ({ value }: { value: unknown }) => (
  <Box
    component="pre"
    sx={{
      m: 0,
      p: 1,
      bgcolor: 'background.default',
      borderRadius: 1,
      fontSize: 13,
      whiteSpace: 'pre-wrap',
      wordBreak: 'break-all',
    }}
  >
    {JSON.stringify(value ?? null, null, 2)}
  </Box>
);

export const EventShow = () => (
  <Show>
    <SimpleShowLayout>
      <TextField source="id" label="resources.events.fields.position" />
      <TextField source="stream_id" />
      <NumberField source="stream_version" />
      <TextField source="type" />
      <DateTimeField source="recorded_at" showTime />
      <TextField source="hash" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} />
      <FunctionField source="payload" render={(record: RaRecord) => <JsonBlock value={record.payload} />} />
      <FunctionField source="metadata" render={(record: RaRecord) => <JsonBlock value={record.metadata} />} />
    </SimpleShowLayout>
  </Show>
);
