import { useState } from 'react';
import { canMakeGlobalTemplates, canPublishTemplate, de } from '@werkboard/common';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useSubmit } from '../../components/useSubmit';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { usePolicy } from '../../entities/session/usePolicy';
import { useOpenProject } from '../../entities/project/useOpenProject';
import { selectUnsaved } from '../../entities/project/projectSlice';
import { publishTemplate } from '../../api/endpoints/templates';

const e = de.projectPanels.edit;
const t = de.templatesScreen;

/**
 * 'Verfügbarkeit' of the edit modal for templates: personal (whose) or global. Admin and
 * Firmenleiter (canMakeGlobalTemplates) get the checkbox 'Global'; ticking it for a personal
 * template asks first, since it cannot be undone, then publishes at once (POST
 * /templates/{id}/publish) and loads the template again. A global one stays global.
 */
export function TemplateAvailabilitySection({ customerType, disabled }: { customerType: string; disabled: boolean }) {
  const board = useOpenProject();
  const { document } = board;
  const dispatch = useAppDispatch();
  const policy = usePolicy();
  const { actor } = policy;
  // A new template must exist on the server before it can be published.
  const unsaved = useAppSelector(selectUnsaved);
  const [confirming, setConfirming] = useState(false);
  const { busy, error, setError, run } = useSubmit();
  const [published, setPublished] = useState(false);

  const isGlobal = document.ownerId === null || published;
  const mayPublish = actor !== null && canPublishTemplate(actor, document);

  const publish = async () => {
    if (
      !(await run(
        () => dispatch(publishTemplate(document.id)),
        () => t.publish.failed,
      ))
    )
      return;
    setPublished(true);
    setConfirming(false);
    board.reload();
  };

  return (
    <div className="template-availability">
      <p>
        {isGlobal
          ? e.globalTemplate
          : document.ownerUsername
            ? e.personalTemplate(document.ownerUsername)
            : e.personalTemplateUnknown}
      </p>
      {policy.allows(canMakeGlobalTemplates) && (
        <>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={isGlobal}
              disabled={disabled || isGlobal || !mayPublish || unsaved}
              onChange={(event) => {
                if (!event.target.checked) return;
                setError(null);
                setConfirming(true);
              }}
            />
            {t.availability.global}
          </label>
          <p className="field__hint">{unsaved && !isGlobal ? t.availability.saveFirst : t.availability.globalHint}</p>
        </>
      )}
      <p className="muted">{e.templateCustomerType(customerType)}</p>
      {published && (
        <p role="status" className="message message--success">
          {t.publish.success(document.name)}
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          title={t.publish.title}
          confirmLabel={t.publish.confirm}
          busyLabel={t.publish.working}
          busy={busy}
          error={error}
          onConfirm={() => void publish()}
          onCancel={() => setConfirming(false)}
        >
          <p>{t.publish.question(document.name)}</p>
          <p className="muted">{t.publish.irreversible}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
