import type { ReactNode } from 'react';
import { Chip, Grid } from '@mui/material';
import { FunctionField, Labeled, TextField, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { DateTimeField } from './fields/DateTimeField';
import { RupeesField } from './fields/RupeesField';
import { formatBp, formatPaise } from './money';

/** One field of a show page's grid: a quarter of the width on a wide screen, all of it on a phone. */
export const Cell = ({ children }: { children: ReactNode }) => <Grid size={{ xs: 12, sm: 6, md: 3 }}>{children}</Grid>;

/** A show page's title: `resources.<resource>.show_title` with the record's id. */
export const ShowTitle = ({ resource }: { resource: string }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  return record ? <span>{translate(`resources.${resource}.show_title`, { id: String(record.id) })}</span> : null;
};

interface SourceProps {
  source: string;
  /** Shown (translated) when the value is empty; nothing when left out. */
  emptyText?: string;
}

/** A labelled text field of a show page. */
export const ShowText = ({ source, emptyText }: SourceProps) => (
  <Labeled source={source}>
    <TextField source={source} emptyText={emptyText} />
  </Labeled>
);

/** A labelled date and time of a show page (src/dates.ts format). */
export const ShowWhen = ({ source, emptyText }: SourceProps) => (
  <Labeled source={source}>
    <DateTimeField source={source} emptyText={emptyText} />
  </Labeled>
);

/** A labelled amount in paise (the API's decimal text), shown in rupees. */
export const ShowPaise = ({ source, emptyText }: SourceProps) => (
  <Labeled source={source}>
    <FunctionField source={source} render={(record: RaRecord) => formatPaise(record[source]) || emptyText} />
  </Labeled>
);

/** A labelled amount already in rupees. */
export const ShowRupees = ({ source }: { source: string }) => (
  <Labeled source={source}>
    <RupeesField source={source} />
  </Labeled>
);

/**
 * The record's status as a coloured chip above a show page's grid, labelled
 * `resources.<resource>.status.<status>` (the raw status when that has no translation).
 */
export const StatusChip = ({
  resource,
  colors,
  testId,
}: {
  resource: string;
  colors: Record<string, 'default' | 'info' | 'warning' | 'success' | 'error'>;
  testId: string;
}) => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const status = String(record.status ?? '');
  return (
    <Chip
      data-testid={testId}
      sx={{ mb: 2 }}
      color={colors[status] ?? 'default'}
      label={translate(`resources.${resource}.status.${status}`, { _: status })}
    />
  );
};

/** One cell per source, each a labelled text field: the run of plain fields most show pages have. */
export const TextCells = ({ sources, emptyText }: { sources: string[]; emptyText?: string }) => (
  <>
    {sources.map((source) => (
      <Cell key={source}>
        <ShowText source={source} emptyText={emptyText} />
      </Cell>
    ))}
  </>
);

/** One cell per source, each a labelled date and time. */
export const WhenCells = ({ sources, emptyText }: { sources: string[]; emptyText?: string }) => (
  <>
    {sources.map((source) => (
      <Cell key={source}>
        <ShowWhen source={source} emptyText={emptyText} />
      </Cell>
    ))}
  </>
);

/** The price of an e-pin purchase (a bank / QR request or a gateway order): amount, discount rate, discount, net. */
export const PriceCells = () => (
  <>
    <Cell>
      <ShowPaise source="amount_paise" />
    </Cell>
    <Cell>
      <Labeled>
        <FunctionField source="discount_rate_bp" render={(record: RaRecord) => formatBp(record.discount_rate_bp)} />
      </Labeled>
    </Cell>
    <Cell>
      <ShowPaise source="discount_paise" />
    </Cell>
    <Cell>
      <ShowPaise source="net_paise" />
    </Cell>
  </>
);
