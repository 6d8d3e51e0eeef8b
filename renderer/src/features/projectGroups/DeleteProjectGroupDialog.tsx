import { useState } from 'react';
import type { ProjectGroupDto } from '@werkboard/common';
import { de } from '@werkboard/common';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useAppDispatch } from '../../store/hooks';
import { deleteProjectGroup } from '../../api/endpoints/projectGroups';

const t = de.organise.groups;

/** The confirmation before DELETE /project-groups/{id}; the group's projects stay, ungrouped. */
export function DeleteProjectGroupDialog(props: { group: ProjectGroupDto; onClose(): void }) {
  const { group } = props;
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await dispatch(deleteProjectGroup(group.id));
      props.onClose();
    } catch {
      setBusy(false);
      setError(t.deleteFailed);
    }
  };

  return (
    <ConfirmDialog
      title={t.deleteTitle}
      confirmLabel={de.actions.delete}
      busyLabel={de.actions.deleting}
      busy={busy}
      danger
      error={error}
      onConfirm={() => void confirm()}
      onCancel={() => props.onClose()}
    >
      <p>{t.deleteQuestion(group.name)}</p>
      <p className="muted">{t.deleteConsequences}</p>
    </ConfirmDialog>
  );
}
