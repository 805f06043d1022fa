import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { Link as MuiLink } from '@mui/material';
import { Datagrid, FunctionField, List, TextField, TextInput, useTranslate, type RaRecord } from 'react-admin';
import { DateTimeField } from '../fields/DateTimeField';
import { ResponsiveRows } from '../list/ResponsiveRows';

const flaggedFilters = [<TextInput key="member" source="member" alwaysOn resettable />];

/** Where the reused UTR was tried: the help link or the e-pin request, linked to its page. */
const AttemptOn = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const [resource, id] = record.helpLinkId
    ? ['help-links', String(record.helpLinkId)]
    : record.epinRequestId
      ? ['epin-requests', String(record.epinRequestId)]
      : [null, ''];
  if (!resource) return <span>—</span>;
  return (
    <MuiLink
      component={Link}
      to={`/${resource}/${encodeURIComponent(id)}/show`}
      onClick={(event: MouseEvent) => event.stopPropagation()}
    >
      {translate(`resources.flagged-utrs.on.${resource}`, { id })}
    </MuiLink>
  );
};

/** Attempts to reuse a UTR already claimed elsewhere (refused and flagged by the API), newest first. */
export const FlaggedUtrList = () => (
  <List empty={false} filters={flaggedFilters} sort={{ field: 'at', order: 'DESC' }} perPage={25} exporter={false}>
    <ResponsiveRows
      primary={<TextField source="utr" sx={{ fontFamily: 'monospace' }} />}
      status={
        <FunctionField
          render={(record: RaRecord) => (
            <>
              {String(record.member ?? '')} · <AttemptOn record={record} />
            </>
          )}
        />
      }
      date="at"
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <DateTimeField source="at" />
        <TextField source="utr" sortable={false} sx={{ fontFamily: 'monospace' }} />
        <TextField source="member" sortable={false} />
        <FunctionField
          label="resources.flagged-utrs.fields.attempt"
          render={(record: RaRecord) => <AttemptOn record={record} />}
        />
        <TextField source="claimedBy" sortable={false} emptyText="—" />
        <TextField source="id" sortable={false} sx={{ fontFamily: 'monospace', fontSize: 12 }} />
      </Datagrid>
    </ResponsiveRows>
  </List>
);
