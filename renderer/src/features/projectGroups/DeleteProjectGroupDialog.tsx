import type { ProjectGroupDto } from '@werkboard/common';
import { de } from '@werkboard/common';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useSubmit } from '../../components/useSubmit';
import { useAppDispatch } from '../../store/hooks';
import { deleteProjectGroup } from '../../api/endpoints/projectGroups';

const t = de.organise.groups;

/** The confirmation before DELETE /project-groups/{id}; the group's projects stay, ungrouped. */
export function DeleteProjectGroupDialog(props: { group: ProjectGroupDto; onClose(): void }) {
  const { group } = props;
  const dispatch = useAppDispatch();
  const { busy, error, run } = useSubmit();

  const confirm = async () => {
    if (
      await run(
        () => dispatch(deleteProjectGroup(group.id)),
        () => t.deleteFailed,
      )
    )
      props.onClose();
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
