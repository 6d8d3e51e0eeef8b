import type { FormEvent } from 'react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ProjectDocument } from '@werkboard/common';
import { canMakeGlobalTemplates, de, DEFAULT_CUSTOMER_TYPE, projectNameSchema, validate } from '@werkboard/common';
import { useCustomerTypeChoices } from '../../api/endpoints/customerTypes';
import { serverMessageOr } from '../../api/errors';
import { Dialog } from '../../components/Dialog';
import { DialogActions, FormError } from '../../components/FormActions';
import { FormField } from '../../components/FormField';
import { useSubmit } from '../../components/useSubmit';
import { useAppDispatch } from '../../store/hooks';
import { usePolicy } from '../../entities/session/usePolicy';
import { LimitDialog } from '../../entities/license/LimitDialog';
import { saveTemplateFromProject } from '../../api/endpoints/templates';
import { ValueOptions } from '../../components/ValueOptions';

const t = de.templatesScreen.saveAsTemplate;
const ONLY_DEFAULT = [DEFAULT_CUSTOMER_TYPE];

type Project = Pick<ProjectDocument, 'id' | 'name' | 'description' | 'customerType'>;

/**
 * 'Als Vorlage speichern' (spec section 2): name (the project's by default), description,
 * customer type and, for Admin and Firmenleiter, 'Global'. POST
 * /templates/save-from-project; the Free limit of 10 templates opens the limit dialog.
 */
export function SaveAsTemplateDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const policy = usePolicy();
  const { actor } = policy;
  const mayMakeGlobal = policy.allows(canMakeGlobalTemplates);
  const [name, setName] = useState(project.name);
  const [description, setDescription] = useState(project.description);
  const [customerType, setCustomerType] = useState(project.customerType || DEFAULT_CUSTOMER_TYPE);
  const [global, setGlobal] = useState(false);
  const types = useCustomerTypeChoices() ?? ONLY_DEFAULT;
  const [nameError, setNameError] = useState<string | undefined>();
  const submit = useSubmit({ limits: true });
  const [saved, setSaved] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submit.busy || !actor) return;
    const checked = validate(projectNameSchema, name);
    if (!checked.ok) {
      submit.setError(null);
      setNameError(checked.message);
      return;
    }
    setNameError(undefined);
    await submit.run(
      async () => {
        const template = await dispatch(
          saveTemplateFromProject({
            project: project.id,
            name: checked.value,
            description: description.trim(),
            customerType,
            ownerId: global && mayMakeGlobal ? null : actor.id,
          }),
        );
        setSaved(t.success(template.name));
      },
      (caught) => serverMessageOr(caught, t.failed),
    );
  };

  if (submit.limit) return <LimitDialog kind={submit.limit} onClose={onClose} />;

  // The project's own type first, even if the list does not know it (an older server).
  const offered = [...new Set([customerType, ...types])];
  return (
    <Dialog title={t.title} onClose={onClose}>
      {saved ? (
        <>
          <p role="status" className="message message--success">
            {saved}
          </p>
          <div className="dialog__actions">
            <Link className="button button--secondary" to="/templates">
              {t.toTemplates}
            </Link>
            <button type="button" className="button button--primary" onClick={onClose}>
              {de.app.close}
            </button>
          </div>
        </>
      ) : (
        <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
          <p className="muted">{t.intro}</p>
          <FormField label={t.name} error={nameError}>
            <input type="text" autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} />
          </FormField>
          <FormField label={t.description} optional>
            <textarea rows={3} value={description} onChange={(event) => setDescription(event.target.value)} />
          </FormField>
          <FormField label={t.customerType}>
            <select value={customerType} onChange={(event) => setCustomerType(event.target.value)}>
              <ValueOptions values={offered} />
            </select>
          </FormField>
          {mayMakeGlobal && (
            <label className="checkbox">
              <input type="checkbox" checked={global} onChange={(event) => setGlobal(event.target.checked)} />
              {t.global}
            </label>
          )}
          <FormError error={submit.error} />
          <DialogActions onCancel={onClose} busy={submit.busy} submitLabel={t.submit} busyLabel={t.saving} />
        </form>
      )}
    </Dialog>
  );
}
