import { CardContent, Grid } from '@mui/material';
import { FunctionField, Labeled, SelectField, Show, TopToolbar, type RaRecord } from 'react-admin';
import { Cell, ShowTitle, StatusChip, TextCells, WhenCells } from '../showLayout';
import { ApproveFourEyesButton, RejectFourEyesButton } from './FourEyesActions';
import { amount } from './FourEyesList';
import { FOUR_EYES_ACTION_CHOICES, FOUR_EYES_STATUS_COLORS } from './choices';

/** The request exactly as the maker sent it, pretty-printed (what an approval carries out). */
const requestText = (record: RaRecord) => JSON.stringify(record.request ?? {}, null, 2);

/** One request: what it would do, who asked, when it expires, who decided; Approve / Reject while Pending. */
export const FourEyesShow = () => (
  <Show
    actions={
      <TopToolbar>
        <ApproveFourEyesButton />
        <RejectFourEyesButton />
      </TopToolbar>
    }
    title={<ShowTitle resource="four-eyes" />}
  >
    <CardContent>
      <StatusChip resource="four-eyes" colors={FOUR_EYES_STATUS_COLORS} testId="four-eyes-status" />
      <Grid container spacing={2}>
        <Grid size={12}>
          <TextCells sources={['summary']} />
        </Grid>
        <Cell>
          <Labeled source="action">
            <SelectField source="action" choices={FOUR_EYES_ACTION_CHOICES} />
          </Labeled>
        </Cell>
        <TextCells sources={['maker', 'member']} emptyText="—" />
        <Cell>
          <Labeled source="amountRupees">
            <FunctionField source="amountRupees" render={amount} />
          </Labeled>
        </Cell>
        <WhenCells sources={['requestedAt', 'expiresAt', 'decidedAt']} emptyText="—" />
        <TextCells sources={['checker', 'reason', 'code']} emptyText="—" />
        <Grid size={12}>
          <Labeled source="request">
            <FunctionField
              source="request"
              render={requestText}
              component="pre"
              sx={{ fontFamily: 'monospace', fontSize: 12, whiteSpace: 'pre-wrap', m: 0 }}
            />
          </Labeled>
        </Grid>
      </Grid>
    </CardContent>
  </Show>
);
