import type { ComponentType } from 'react';
import { Alert, Box, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import {
  ArrayInput,
  Edit,
  NumberInput,
  SaveButton,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  Toolbar,
  useRecordContext,
  useTranslate,
  type RaRecord,
  type Validator,
} from 'react-admin';
import { EPIN_TYPES } from '../epinTypes';
import { bpToPercent, paiseToRupees, percentToBp, rupeesToPaise } from '../money';
import { FLAG_SETTINGS, FlagInput, WHOLE_SETTINGS, WholeInput, toWhole } from './helpSettings';
import { useSentForApproval } from '../four-eyes/useSentForApproval';

/** The API's shapes (src/modules/settings/settings.ts): 15 levels, at most 20 tiers, rates 0..10000 bp. */
export const LEVEL_COUNT = 15;
const MAX_TIERS = 20;
const MAX_BP = 10_000;
const MAX_PAISE_DIGITS = 13;
const USDT_RATE = /^[1-9]\d{0,5}(\.\d{1,2})?$/;
/** The API's check of the CONTACT ADMIN chat link (src/modules/settings/settings.ts): empty, or https. */
const CHAT_LINK = /^https:\/\/[^\s/?#]+\.[^\s/?#]+(?:[/?#]\S*)?$/;
const CHAT_LINK_MAX = 300;

/** Text inputs (not number inputs, which would parse to floats) that bring up a decimal keypad on phones. */
const DECIMAL_KEYBOARD = { htmlInput: { inputMode: 'decimal' } } as const;

interface TierInput {
  minQty?: number | null;
  rate?: string;
}

/** What the form edits: rupees and percents as the admin types them, never paise or basis points. */
export interface SettingInputs {
  prices?: Record<string, string>;
  tiers?: TierInput[];
  usdt?: string;
  levels?: string[];
  /** A whole-number setting of the help circle, as typed. */
  whole?: string;
  /** The on / off setting. */
  flag?: boolean;
  contactAdminUrl?: string;
}

const keyOf = (record: RaRecord) => String(record.key ?? record.id);

/** The stored value → the form's inputs (paise → rupees, bp → percent). */
export function toSettingInputs(key: string, value: unknown): SettingInputs {
  switch (key) {
    case 'epinPricesPaise': {
      const prices = (value ?? {}) as Record<string, unknown>;
      return {
        prices: Object.fromEntries(EPIN_TYPES.map((type) => [type, paiseToRupees(String(prices[type] ?? ''))])),
      };
    }
    case 'epinDiscountTiers':
      return {
        tiers: (Array.isArray(value) ? value : []).map((t: { minQty: number; rateBp: number }) => ({
          minQty: t.minQty,
          rate: bpToPercent(t.rateBp),
        })),
      };
    case 'usdtRateInr':
      return { usdt: String(value ?? '') };
    case 'levelIncomeRatesBp':
      return { levels: (Array.isArray(value) ? value : []).map((bp: number) => bpToPercent(bp)) };
    case 'contactAdminUrl':
      return { contactAdminUrl: String(value ?? '') };
    default:
      if (WHOLE_SETTINGS[key]) return { whole: String(value ?? '') };
      if (FLAG_SETTINGS.includes(key)) return { flag: value === true };
      return {};
  }
}

// The validators below run first, so these conversions see valid text; were one to slip through,
// the typed text is sent unchanged and the API's 400 message says what is wrong.
const toPaise = (rupees: string | undefined) => rupeesToPaise(rupees ?? '') ?? rupees;
const toBp = (percent: string | undefined) => percentToBp(percent ?? '') ?? percent;

/** The form's inputs → the value the API stores (rupees → paise text, percent → whole bp). */
export function fromSettingInputs(key: string, inputs: SettingInputs): unknown {
  switch (key) {
    case 'epinPricesPaise':
      return Object.fromEntries(EPIN_TYPES.map((type) => [type, toPaise(inputs.prices?.[type])]));
    case 'epinDiscountTiers':
      return (inputs.tiers ?? []).map((t) => ({ minQty: t.minQty, rateBp: toBp(t.rate) }));
    case 'usdtRateInr':
      return (inputs.usdt ?? '').trim();
    case 'levelIncomeRatesBp':
      return (inputs.levels ?? []).map(toBp);
    case 'contactAdminUrl':
      return (inputs.contactAdminUrl ?? '').trim();
    default:
      if (WHOLE_SETTINGS[key]) return toWhole(inputs.whole);
      if (FLAG_SETTINGS.includes(key)) return inputs.flag === true;
      return undefined;
  }
}

/** PUT /admin-api/settings/:key takes exactly {value}. */
export const toSettingUpdate = (data: RaRecord) => ({
  value: fromSettingInputs(keyOf(data), (data.input ?? {}) as SettingInputs),
});

const validateRupees: Validator = (value) => {
  const paise = rupeesToPaise(String(value ?? ''));
  return paise !== null && paise !== '0' && paise.length <= MAX_PAISE_DIGITS
    ? undefined
    : 'resources.settings.invalid.rupees';
};

const validatePercent: Validator = (value) => {
  const bp = percentToBp(String(value ?? ''));
  return bp !== null && bp <= MAX_BP ? undefined : 'resources.settings.invalid.percent';
};

const validateMinQty: Validator = (value) =>
  Number.isInteger(value) && (value as number) >= 1 ? undefined : 'resources.settings.invalid.min_qty';

const validateChatLink: Validator = (value) => {
  const link = String(value ?? '').trim();
  return link === '' || (link.length <= CHAT_LINK_MAX && CHAT_LINK.test(link))
    ? undefined
    : 'resources.settings.invalid.chat_link';
};

const validateUsdt: Validator = (value) =>
  USDT_RATE.test(String(value ?? '').trim()) ? undefined : 'resources.settings.invalid.usdt';

/** Sum of the typed level percents in bp; unreadable entries count as 0 (they fail their own check). */
function levelsTotalBp(levels: unknown): number {
  return (Array.isArray(levels) ? levels : []).reduce(
    (sum: number, text) => sum + (percentToBp(String(text ?? '')) ?? 0),
    0,
  );
}

/** On the last level only, so a total above 100 % is reported once, not fifteen times. */
const validateLevelsTotal: Validator = (_value, allValues) => {
  const total = levelsTotalBp((allValues as { input?: SettingInputs }).input?.levels);
  return total <= MAX_BP
    ? undefined
    : { message: 'resources.settings.invalid.levels_total', args: { total: bpToPercent(total) } };
};

const PriceInputs = () => {
  const translate = useTranslate();
  return (
    <>
      {EPIN_TYPES.map((type) => (
        <TextInput
          key={type}
          source={`input.prices.${type}`}
          label={translate('resources.settings.inputs.price', { type: translate(`sahyog.epin_types.${type}`) })}
          helperText="resources.settings.inputs.price_help"
          validate={validateRupees}
          slotProps={DECIMAL_KEYBOARD}
        />
      ))}
    </>
  );
};

const validateTierCount: Validator = (tiers) =>
  Array.isArray(tiers) && tiers.length > MAX_TIERS
    ? { message: 'resources.settings.invalid.too_many_tiers', args: { max: MAX_TIERS } }
    : undefined;

const TierInputs = () => (
  <ArrayInput
    source="input.tiers"
    label="resources.settings.inputs.tiers"
    helperText="resources.settings.inputs.tiers_help"
    validate={validateTierCount}
  >
    <SimpleFormIterator inline disableReordering>
      <NumberInput
        source="minQty"
        label="resources.settings.inputs.min_qty"
        validate={validateMinQty}
        step={1}
        min={1}
      />
      <TextInput
        source="rate"
        label="resources.settings.inputs.rate"
        validate={validatePercent}
        slotProps={DECIMAL_KEYBOARD}
      />
    </SimpleFormIterator>
  </ArrayInput>
);

const LevelsTotal = () => {
  const translate = useTranslate();
  const levels = useWatch({ name: 'input.levels' }) as unknown;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
      {translate('resources.settings.inputs.levels_help', { total: bpToPercent(levelsTotalBp(levels)) })}
    </Typography>
  );
};

const LevelInputs = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%' }}>
      <LevelsTotal />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', columnGap: 2 }}>
        {Array.from({ length: LEVEL_COUNT }, (_, i) => (
          <TextInput
            key={i}
            source={`input.levels.${i}`}
            label={translate('resources.settings.inputs.level', { level: i + 1 })}
            validate={i === LEVEL_COUNT - 1 ? [validatePercent, validateLevelsTotal] : validatePercent}
            slotProps={DECIMAL_KEYBOARD}
            helperText={false}
          />
        ))}
      </Box>
    </Box>
  );
};

const INPUTS_BY_KEY: Record<string, ComponentType> = {
  epinPricesPaise: PriceInputs,
  epinDiscountTiers: TierInputs,
  usdtRateInr: () => (
    <TextInput
      source="input.usdt"
      label="resources.settings.inputs.usdt"
      helperText="resources.settings.inputs.usdt_help"
      validate={validateUsdt}
      slotProps={DECIMAL_KEYBOARD}
    />
  ),
  levelIncomeRatesBp: LevelInputs,
  ...Object.fromEntries(Object.keys(WHOLE_SETTINGS).map((key) => [key, WholeInput])),
  ...Object.fromEntries(FLAG_SETTINGS.map((key) => [key, FlagInput])),
  contactAdminUrl: () => (
    <TextInput
      source="input.contactAdminUrl"
      label="resources.settings.inputs.chat_link"
      helperText="resources.settings.inputs.chat_link_help"
      validate={validateChatLink}
      fullWidth
    />
  ),
};

const SettingTitle = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const key = keyOf(record);
  return (
    <span>
      {translate('resources.settings.edit_title', { name: translate(`resources.settings.keys.${key}`, { _: key }) })}
    </span>
  );
};

/** Save only: a setting is never deleted, only changed (the default Toolbar would offer Delete). */
const SettingToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

/** The form is built for the loaded setting: which inputs depends on the key. */
const SettingForm = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const key = keyOf(record);
  const Inputs = INPUTS_BY_KEY[key];
  return (
    <SimpleForm defaultValues={{ input: toSettingInputs(key, record.value) }} toolbar={<SettingToolbar />}>
      <Alert severity="info" sx={{ mb: 2 }} data-testid="setting-applies-from-now">
        {translate('resources.settings.applies_from_now')}
      </Alert>
      {Inputs ? <Inputs /> : null}
    </SimpleForm>
  );
};

/** Superadmin only (App.tsx): pessimistic, so the page waits for the API to record the change. */
export const SettingEdit = () => {
  // A change is a four-eyes request: a second superadmin approves it (decision 0034).
  const mutationOptions = useSentForApproval();
  return (
    <Edit
      mutationMode="pessimistic"
      transform={toSettingUpdate}
      title={<SettingTitle />}
      redirect="list"
      mutationOptions={mutationOptions}
    >
      <SettingForm />
    </Edit>
  );
};
