import { useState, type ComponentProps } from 'react';
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
  /** Who may decide this record, when it is not the resource's `act` roles alone (four eyes: by action). */
  mayDecide?: (role: unknown, record: RaRecord) => boolean;
}

/** The record, when it waits for a decision and the role may take it (the API checks it too). */
function useDecidable({ resource, pendingStatus, mayDecide }: DecisionProps): RaRecord | undefined {
  const record = useRecordContext();
  const { permissions } = usePermissions();
  if (!record || record.status !== pendingStatus) return undefined;
  return (mayDecide ? mayDecide(permissions, record) : canAct(permissions, resource)) ? record : undefined;
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
  approvedArgs,
  hiddenFrom,
  ...props
}: DecisionProps & {
  approve: Approve;
  contentArgs?: (record: RaRecord) => Record<string, string>;
  /** The success message's arguments from the record and the API's answer (default: the id). */
  approvedArgs?: (record: RaRecord, answer: unknown) => Record<string, unknown>;
  /** The record's maker, who may not approve it (four eyes: the API answers 403 ADMIN.SAME_MAKER). */
  hiddenFrom?: (record: RaRecord) => boolean;
}) => {
  const record = useDecidable(props);
  const translate = useTranslate();
  const dataProvider = useDataProvider<SahyogDataProvider>();
  const [open, setOpen] = useState(false);
  const { busy, run, notify } = useAdminAction();
  if (!record || hiddenFrom?.(record)) return null;
  const keys = `resources.${props.resource}.actions`;

  const confirm = () =>
    run(
      async () => {
        const answer = await approve(dataProvider, String(record.id));
        const messageArgs = approvedArgs ? approvedArgs(record, answer) : { id: String(record.id) };
        notify(`${keys}.approved`, { type: 'success', messageArgs });
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
export const RejectButton = ({
  reject,
  field,
  ...props
}: DecisionProps & { reject: Reject; field?: ComponentProps<typeof RemarkDialog>['field'] }) => {
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
          field={field}
          confirmColor="error"
          onConfirm={confirm}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
};
