import {
  Create,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  required,
  type RaRecord,
  type Validator,
} from 'react-admin';

const WHOLE_RUPEES = /^[1-9]\d{0,9}$/;
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : String(value ?? '').trim());

export const validateWholeRupees: Validator = (value) =>
  WHOLE_RUPEES.test(text(value)) ? undefined : 'resources.help-links.invalid.amount';

/** POST /admin-api/help-links takes exactly { phEntryId, ghEntryId, amountRupees } (whole rupees as digits). */
export const toManualMatchBody = (data: RaRecord) => ({
  phEntryId: text(data.phEntryId),
  ghEntryId: text(data.ghEntryId),
  amountRupees: text(data.amountRupees),
});

const MatchToolbar = () => (
  <Toolbar>
    <SaveButton label="resources.help-links.create.submit" />
  </Toolbar>
);

/**
 * A manual match: link a waiting PH entry to a waiting GH entry (ids from the queue list) for whole
 * rupees; the API refuses a member with themselves, a blocked member or more than either entry waits.
 */
export const HelpLinkCreate = () => (
  <Create transform={toManualMatchBody} redirect="show" title="resources.help-links.create.title">
    <SimpleForm toolbar={<MatchToolbar />}>
      <TextInput source="phEntryId" validate={required()} helperText="resources.help-links.create.entry_help" />
      <TextInput source="ghEntryId" validate={required()} helperText="resources.help-links.create.entry_help" />
      <TextInput
        source="amountRupees"
        validate={[required(), validateWholeRupees]}
        helperText="resources.help-links.create.amount_help"
        inputProps={{ inputMode: 'numeric' }}
      />
    </SimpleForm>
  </Create>
);
