import { useWatch } from 'react-hook-form';
import {
  BooleanInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  required,
  type RaRecord,
  type Validator,
} from 'react-admin';

/** The API's checks (src/api/admin/payments-admin.dto.ts). */
export const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const ADDRESS = /^[A-Za-z0-9.\-_@]{3,60}$/;
const LINK = /^https?:\/\/\S{1,500}$/;

export const OPTION_TYPE_CHOICES = [
  { id: 'Bank', name: 'resources.payment-options.type.Bank' },
  { id: 'QR', name: 'resources.payment-options.type.QR' },
];

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

const validateName: Validator = (value) =>
  text(value).length >= 2 && text(value).length <= 80 ? undefined : 'resources.payment-options.invalid.name';
const validateAddress: Validator = (value) =>
  ADDRESS.test(text(value)) ? undefined : 'resources.payment-options.invalid.address';
const validateBranch: Validator = (value) =>
  text(value).length <= 80 ? undefined : 'resources.payment-options.invalid.branch';

/** Bank needs an IFSC like ABCD0123456; a QR option may leave it empty, but a typed one must be valid too. */
export const validateIfsc: Validator = (value, values) => {
  const ifsc = text(value).toUpperCase();
  if (!ifsc && (values as RaRecord).type !== 'Bank') return undefined;
  return IFSC.test(ifsc) ? undefined : 'resources.payment-options.invalid.ifsc';
};

/** A QR option needs its image link; any link must be http(s). */
export const validateImglink: Validator = (value, values) => {
  const link = text(value);
  if (!link)
    return (values as RaRecord).type === 'QR' ? 'resources.payment-options.invalid.imglink_required' : undefined;
  return LINK.test(link) ? undefined : 'resources.payment-options.invalid.imglink';
};

/**
 * POST / PUT payment-options take exactly the option's fields (the edit view's record also carries
 * id and timestamps, which are left out): trimmed, IFSC in capitals, `disabled` a boolean.
 */
export const toPaymentOptionBody = (data: RaRecord) => ({
  type: data.type,
  Bank_Name: text(data.Bank_Name),
  acholdername: text(data.acholdername),
  btcaddress: text(data.btcaddress),
  ifsc: text(data.ifsc).toUpperCase(),
  Branch: text(data.Branch),
  imglink: text(data.imglink),
  disabled: Boolean(data.disabled),
});

/** Save only: an option is never deleted (every change is an event); it is disabled instead. */
const OptionToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

/** The address field reads "Account number" for a bank and "UPI id" for a QR option. */
const AddressInput = () => {
  const type = useWatch({ name: 'type' }) as unknown;
  return (
    <TextInput
      source="btcaddress"
      label={
        type === 'QR' ? 'resources.payment-options.inputs.upi_id' : 'resources.payment-options.inputs.account_number'
      }
      validate={validateAddress}
    />
  );
};

export const PaymentOptionForm = () => (
  <SimpleForm toolbar={<OptionToolbar />} defaultValues={{ type: 'Bank', disabled: false }}>
    <SelectInput source="type" choices={OPTION_TYPE_CHOICES} validate={required()} />
    <TextInput source="Bank_Name" validate={validateName} />
    <TextInput source="acholdername" validate={validateName} />
    <AddressInput />
    <TextInput source="ifsc" validate={validateIfsc} helperText="resources.payment-options.inputs.ifsc_help" />
    <TextInput source="Branch" validate={validateBranch} />
    <TextInput source="imglink" validate={validateImglink} helperText="resources.payment-options.inputs.imglink_help" />
    <BooleanInput source="disabled" helperText="resources.payment-options.inputs.disabled_help" />
  </SimpleForm>
);
