import { BooleanInput, TextInput, useRecordContext, type TranslateFunction, type Validator } from 'react-admin';
import { formatPaise } from '../money';

/** The unit a whole-number setting is counted in (its input's label and how the list reads it). */
type WholeUnit = 'minutes' | 'hours' | 'percent' | 'rupees';

/**
 * The help circle's whole-number settings (issue 11) with the API's bounds
 * (WHOLE_SETTINGS of src/modules/settings/settings.ts; the API checks them again and answers 400).
 */
export const WHOLE_SETTINGS: Readonly<Record<string, { unit: WholeUnit; min: number; max: number }>> = {
  matchingIntervalMinutes: { unit: 'minutes', min: 1, max: 1440 },
  linkDeadlineHours: { unit: 'hours', min: 1, max: 720 },
  disputeAfterHours: { unit: 'hours', min: 1, max: 720 },
  phToGhPercent: { unit: 'percent', min: 0, max: 1000 },
  phToGhDelayHours: { unit: 'hours', min: 0, max: 720 },
  withdrawalMinRupees: { unit: 'rupees', min: 1, max: 10_000_000 },
  withdrawalChargePercent: { unit: 'percent', min: 0, max: 99 },
};

/** The one on / off setting: help requests join the PH queue without an approval. */
export const FLAG_SETTINGS: readonly string[] = ['helpAutoApprove'];

const WHOLE = /^\d{1,8}$/;

/** The form's text → the number the API stores; text that is no whole number is sent as typed (the API's 400 says why). */
export const toWhole = (text: string | undefined): number | string => {
  const trimmed = (text ?? '').trim();
  return WHOLE.test(trimmed) ? Number(trimmed) : trimmed;
};

/** A whole-number setting as the list reads it: "5 minutes", "24 hours", "100 %", "₹100.00". */
export function describeHelpSetting(key: string, value: unknown, translate: TranslateFunction): string | null {
  if (FLAG_SETTINGS.includes(key) && typeof value === 'boolean') return translate(value ? 'sahyog.yes' : 'sahyog.no');
  const rule = WHOLE_SETTINGS[key];
  if (!rule || typeof value !== 'number' || !Number.isSafeInteger(value)) return null;
  if (rule.unit === 'rupees') return formatPaise(BigInt(value) * 100n);
  return translate(`resources.settings.units.${rule.unit}`, { smart_count: value });
}

const wholeIn =
  (min: number, max: number): Validator =>
  (value) => {
    const text = String(value ?? '').trim();
    return WHOLE.test(text) && Number(text) >= min && Number(text) <= max
      ? undefined
      : { message: 'resources.settings.invalid.whole', args: { min, max } };
  };

/** The input of a whole-number setting, labelled with its unit, with a numeric keypad on phones. */
export const WholeInput = () => {
  const record = useRecordContext();
  const rule = WHOLE_SETTINGS[String(record?.key ?? record?.id)];
  if (!rule) return null;
  return (
    <TextInput
      source="input.whole"
      label={`resources.settings.inputs.${rule.unit}`}
      helperText={false}
      validate={wholeIn(rule.min, rule.max)}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );
};

export const FlagInput = () => <BooleanInput source="input.flag" label="resources.settings.inputs.flag" />;
