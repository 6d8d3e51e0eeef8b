import type { TemplateSummaryDto } from '@werkboard/common';
import { de } from '@werkboard/common';
import { ApiError } from '../../api/errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useSubmit } from '../../components/useSubmit';
import { useAppDispatch } from '../../store/hooks';
import { deleteTemplate, publishTemplate } from '../../api/endpoints/templates';

const t = de.templatesScreen;

/** Publishing a personal template globally: asked first, since it cannot be undone. */
export function PublishTemplateDialog({
  template,
  onClose,
  onPublished,
}: {
  template: TemplateSummaryDto;
  onClose: () => void;
  onPublished: (updated: TemplateSummaryDto) => void;
}) {
  const dispatch = useAppDispatch();
  const { busy, error, run } = useSubmit();
  const confirm = () =>
    void run(
      async () => onPublished(await dispatch(publishTemplate(template.id))),
      () => t.publish.failed,
    );
  return (
    <ConfirmDialog
      title={t.publish.title}
      confirmLabel={t.publish.confirm}
      busyLabel={t.publish.working}
      busy={busy}
      error={error}
      onConfirm={confirm}
      onCancel={onClose}
    >
      <p>{t.publish.question(template.name)}</p>
      <p className="muted">{t.publish.irreversible}</p>
    </ConfirmDialog>
  );
}

/** Deleting moves the template to the archive; a 403 says the user may not. */
export function DeleteTemplateDialog({
  template,
  onClose,
  onDeleted,
}: {
  template: TemplateSummaryDto;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const dispatch = useAppDispatch();
  const { busy, error, run } = useSubmit();
  const confirm = () =>
    void run(
      async () => {
        await dispatch(deleteTemplate(template.id));
        onDeleted();
      },
      (caught) => (caught instanceof ApiError && caught.status === 403 ? t.delete.forbidden : t.delete.failed),
    );
  return (
    <ConfirmDialog
      title={t.delete.title}
      confirmLabel={de.actions.delete}
      busyLabel={de.actions.deleting}
      busy={busy}
      danger
      error={error}
      onConfirm={confirm}
      onCancel={onClose}
    >
      <p>{t.delete.question(template.name)}</p>
    </ConfirmDialog>
  );
}
