import { CardContent, Grid } from '@mui/material';
import { Labeled, SelectField, Show, TopToolbar } from 'react-admin';
import { EPIN_TYPE_CHOICES } from '../epinTypes';
import { Cell, ShowPaise, ShowTitle, StatusChip, TextCells, WhenCells } from '../showLayout';
import { ApproveHelpRequestButton, RejectHelpRequestButton } from './HelpRequestActions';

const STATUS_COLOR = { 'awaiting-approval': 'warning', 'in-queue': 'info', closed: 'default' } as const;

/** One help request: who, the tier, where it stands in the circle, who decided; Approve / Reject while it awaits approval. */
export const HelpRequestShow = () => (
  <Show
    actions={
      <TopToolbar>
        <ApproveHelpRequestButton />
        <RejectHelpRequestButton />
      </TopToolbar>
    }
    title={<ShowTitle resource="help-requests" />}
  >
    <CardContent>
      <StatusChip resource="help-requests" colors={STATUS_COLOR} testId="help-request-status" />
      <Grid container spacing={2}>
        <TextCells sources={['id', 'uid']} emptyText="—" />
        <Cell>
          <Labeled source="epin_type">
            <SelectField source="epin_type" choices={EPIN_TYPE_CHOICES} />
          </Labeled>
        </Cell>
        <Cell>
          <ShowPaise source="tier_paise" emptyText="—" />
        </Cell>
        <TextCells sources={['kind', 'topup_position']} emptyText="—" />
        <WhenCells sources={['requested_at']} emptyText="—" />
        <Cell>
          <ShowPaise source="given_paise" emptyText="—" />
        </Cell>
        <TextCells sources={['failures', 'outcome', 'remark']} emptyText="—" />
        <WhenCells sources={['decided_at']} emptyText="—" />
        <TextCells sources={['decided_by']} emptyText="—" />
        <WhenCells sources={['closed_at']} emptyText="—" />
        <Cell>
          <ShowPaise source="entitlement_paise" emptyText="—" />
        </Cell>
        <WhenCells sources={['entitlement_due_at', 'entitlement_at']} emptyText="—" />
      </Grid>
    </CardContent>
  </Show>
);
