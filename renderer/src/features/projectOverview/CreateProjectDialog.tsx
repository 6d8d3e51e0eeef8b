import type { FormEvent } from 'react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LimitKind, TemplateSummaryDto } from '@werkboard/common';
import { de, DEFAULT_CUSTOMER_TYPE, projectCreateSchema, validate } from '@werkboard/common';
import { ApiError, limitReachedKind, serverMessageOr } from '../../api/errors';
import { Dialog } from '../../components/Dialog';
import { FormField } from '../../components/FormField';
import { useFocusFirstInvalid } from '../../components/useFocusFirstInvalid';
import { useAppDispatch } from '../../store/hooks';
import { LimitDialog } from '../license/LimitDialog';
import { createProject, fetchCustomerTypes, fetchTemplateSummaries } from './overviewThunks';

const t = de.projectOverview.create;

interface CreateForm {
  /** '' when there is no template to choose: the server then uses its default template. */
  templateId: string;
  name: string;
  projectNumber: string;
  customerType: string;
}

type Choices =
  | { status: 'loading' }
  | { status: 'loaded'; templates: TemplateSummaryDto[]; templatesFailed: boolean; customerTypes: string[] };

/** The fields this form shows; a server message for any other field goes to the general alert. */
const FORM_FIELDS: readonly string[] = ['templateId', 'name', 'projectNumber', 'customerType'];

/** The first global template (spec: the default), else the first one, else none. */
function defaultTemplateId(templates: readonly TemplateSummaryDto[]): string {
  return (templates.find((template) => template.ownerId === null) ?? templates[0])?.id ?? '';
}

/**
 * 'Neues Projekt' (spec sections 2 and 5): template, name, Projekt-Nr and customer type.
 * The name is checked with common's request schema, the same the server runs; the server's
 * 400 (name taken) shows at the field, its 403 'limit_reached' opens the Free limit dialog.
 * On success the new project's board opens.
 */
export function CreateProjectDialog({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [choices, setChoices] = useState<Choices>({ status: 'loading' });
  const [form, setForm] = useState<CreateForm>({
    templateId: '',
    name: '',
    projectNumber: '',
    customerType: DEFAULT_CUSTOMER_TYPE,
  });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const formRef = useFocusFirstInvalid(fieldErrors);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [limit, setLimit] = useState<LimitKind | null>(null);

  useEffect(() => {
    let current = true;
    void (async () => {
      const [templates, customerTypes] = await Promise.all([
        dispatch(fetchTemplateSummaries()).then(
          (list) => ({ list, failed: false }),
          () => ({ list: [] as TemplateSummaryDto[], failed: true }),
        ),
        dispatch(fetchCustomerTypes()),
      ]);
      if (!current) return;
      setChoices({ status: 'loaded', templates: templates.list, templatesFailed: templates.failed, customerTypes });
      setForm((before) => ({ ...before, templateId: before.templateId || defaultTemplateId(templates.list) }));
    })();
    return () => {
      current = false;
    };
  }, [dispatch]);

  const set =
    <K extends keyof CreateForm>(key: K) =>
    (value: CreateForm[K]) =>
      setForm((before) => ({ ...before, [key]: value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || choices.status === 'loading') return;
    setError(null);
    const checked = validate(projectCreateSchema, { ...form, templateId: form.templateId || null });
    if (!checked.ok) {
      setFieldErrors(checked.fields);
      return;
    }
    setFieldErrors({});
    setSaving(true);
    try {
      const project = await dispatch(createProject(checked.value));
      onClose();
      void navigate(`/project/${encodeURIComponent(project.id)}`);
    } catch (caught) {
      setSaving(false);
      const kind = limitReachedKind(caught);
      if (kind) {
        setLimit(kind);
        return;
      }
      const message = serverMessageOr(caught, t.failed);
      const fields = caught instanceof ApiError ? caught.fields : {};
      const shown = Object.fromEntries(Object.entries(fields).filter(([key]) => FORM_FIELDS.includes(key)));
      // The duplicate name comes as a message (and maybe as a field): it belongs under the name.
      if (message === de.projects.nameTaken || message === de.projects.nameRequired) shown.name ??= message;
      setFieldErrors(shown);
      if (!Object.values(shown).includes(message)) setError(message);
    }
  };

  const loading = choices.status === 'loading';
  const templates = choices.status === 'loaded' ? choices.templates : [];
  const customerTypes = choices.status === 'loaded' ? choices.customerTypes : [DEFAULT_CUSTOMER_TYPE];
  const globalTemplates = templates.filter((template) => template.ownerId === null);
  const personalTemplates = templates.filter((template) => template.ownerId !== null);

  return (
    <Dialog title={t.title} onClose={onClose}>
      <form ref={formRef} className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {loading ? (
          <p className="muted">{de.actions.loading}</p>
        ) : templates.length > 0 ? (
          <FormField label={t.template} error={fieldErrors.templateId}>
            <select value={form.templateId} onChange={(event) => set('templateId')(event.target.value)}>
              {globalTemplates.length > 0 && (
                <optgroup label={t.globalTemplates}>
                  {globalTemplates.map((template) => (
                    <option key={template.id} value={template.id}>
                      {template.name}
                    </option>
                  ))}
                </optgroup>
              )}
              {personalTemplates.length > 0 && (
                <optgroup label={t.personalTemplates}>
                  {personalTemplates.map((template) => (
                    <option key={template.id} value={template.id}>
                      {template.name}
                    </option>
                  ))}
                </optgroup>
              )}
            </select>
          </FormField>
        ) : (
          <p className="muted">{choices.templatesFailed ? t.templatesLoadFailed : t.noTemplates}</p>
        )}
        <FormField label={t.name} error={fieldErrors.name}>
          <input
            type="text"
            autoComplete="off"
            value={form.name}
            onChange={(event) => set('name')(event.target.value)}
          />
        </FormField>
        <FormField label={t.projectNumber} error={fieldErrors.projectNumber} hint={t.projectNumberHint}>
          <input
            type="text"
            autoComplete="off"
            value={form.projectNumber}
            onChange={(event) => set('projectNumber')(event.target.value)}
          />
        </FormField>
        <FormField label={t.customerType} error={fieldErrors.customerType}>
          <select value={form.customerType} onChange={(event) => set('customerType')(event.target.value)}>
            {customerTypes.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </FormField>
        {error && (
          <p role="alert" className="message message--error">
            {error}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {de.actions.cancel}
          </button>
          <button type="submit" className="button button--primary" disabled={saving || loading}>
            {saving ? t.submitting : t.submit}
          </button>
        </div>
      </form>
      {limit && <LimitDialog kind={limit} onClose={() => setLimit(null)} />}
    </Dialog>
  );
}
