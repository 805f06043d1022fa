import { useState } from 'react';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import {
  Button,
  Confirm,
  useDataProvider,
  usePermissions,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { SahyogDataProvider } from '../dataProvider';
import { RemarkDialog } from '../RemarkDialog';
import { canAct, type AdminArea } from '../resources';
import { useAdminAction } from '../useAdminAction';

interface DecisionProps {
  /** The resource whose `act` roles (src/resources.ts) may decide, and whose i18n keys name the texts. */
  resource: AdminArea;
  /** The status a record must have to be decided (e.g. 'awaiting-approval', 'Requested'). */
  pendingStatus: string;
}

/** The record, when it waits for a decision and the role may take it (the API's Roles('approver')). */
function useDecidable({ resource, pendingStatus }: DecisionProps): RaRecord | undefined {
  const record = useRecordContext();
  const { permissions } = usePermissions();
  return record && record.status === pendingStatus && canAct(permissions, resource) ? record : undefined;
}

type Approve = (dataProvider: SahyogDataProvider, id: string) => Promise<unknown>;
type Reject = (dataProvider: SahyogDataProvider, id: string, remark: string) => Promise<unknown>;

/**
 * "Approve" → a confirm dialog (`resources.<resource>.actions.approve_title` / `approve_content`) →
 * the POST; the API's reason (409 already decided, 403) shows as an error.
 */
export const ApproveButton = ({
  approve,
  contentArgs,
  ...props
}: DecisionProps & { approve: Approve; contentArgs?: (record: RaRecord) => Record<string, string> }) => {
  const record = useDecidable(props);
  const translate = useTranslate();
  const dataProvider = useDataProvider<SahyogDataProvider>();
  const [open, setOpen] = useState(false);
  const { busy, run, notify } = useAdminAction();
  if (!record) return null;
  const keys = `resources.${props.resource}.actions`;

  const confirm = () =>
    run(
      async () => {
        await approve(dataProvider, String(record.id));
        notify(`${keys}.approved`, { type: 'success', messageArgs: { id: String(record.id) } });
        setOpen(false);
      },
      { onSent: () => setOpen(false) },
    );

  return (
    <>
      <Button
        label={`${keys}.approve`}
        color="success"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        <CheckCircleIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={translate(`${keys}.approve_title`, { id: String(record.id) })}
        content={translate(`${keys}.approve_content`, { ...contentArgs?.(record), id: String(record.id) })}
        confirm="sahyog.remark.confirm"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
};

/** "Reject" → the remark dialog ("Remark", Confirm disabled until typed) → the POST with `{ remark }`. */
export const RejectButton = ({ reject, ...props }: DecisionProps & { reject: Reject }) => {
  const record = useDecidable(props);
  const translate = useTranslate();
  const dataProvider = useDataProvider<SahyogDataProvider>();
  const [open, setOpen] = useState(false);
  const { run, notify } = useAdminAction();
  if (!record) return null;
  const keys = `resources.${props.resource}.actions`;

  const confirm = (remark: string) =>
    run(async () => {
      await reject(dataProvider, String(record.id), remark);
      notify(`${keys}.rejected`, { type: 'success', messageArgs: { id: String(record.id) } });
      setOpen(false);
    });

  return (
    <>
      <Button
        label={`${keys}.reject`}
        color="error"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        <CancelIcon />
      </Button>
      {open ? (
        <RemarkDialog
          title={translate(`${keys}.reject_title`, { id: String(record.id) })}
          confirmColor="error"
          onConfirm={confirm}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
};
