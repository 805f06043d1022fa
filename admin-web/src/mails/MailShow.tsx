import { Box } from '@mui/material';
import { FunctionField, Show, SimpleShowLayout, TextField, type RaRecord } from 'react-admin';
import { DateTimeField } from '../fields/DateTimeField';

// Shown as plain text, never as HTML: a mail body is untrusted content.
const MailBody = ({ record }: { record: RaRecord }) => (
  <Box
    component="pre"
    data-testid="mail-body"
    sx={{ m: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'inherit' }}
  >
    {typeof record.body === 'string' ? record.body : JSON.stringify(record.body ?? '')}
  </Box>
);

export const MailShow = () => (
  <Show>
    <SimpleShowLayout>
      <TextField source="to" />
      <TextField source="subject" />
      <DateTimeField source="created_at" showTime />
      <FunctionField source="body" render={(record: RaRecord) => <MailBody record={record} />} />
    </SimpleShowLayout>
  </Show>
);
