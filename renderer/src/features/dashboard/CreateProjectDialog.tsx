import type { FormEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { TemplateSummaryDto } from '@werkboard/common';
import { canManageCustomerTypes, de, DEFAULT_CUSTOMER_TYPE, projectCreateSchema, validate } from '@werkboard/common';
import { Dialog } from '../../components/Dialog';
import { DialogActions, FormError } from '../../components/FormActions';
import { FormField } from '../../components/FormField';
import { useFocusFirstInvalid } from '../../components/useFocusFirstInvalid';
import { serverFieldErrors, useSubmit } from '../../components/useSubmit';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { usePolicy } from '../../entities/session/usePolicy';
import { NewCustomerTypeDialog } from './NewCustomerTypeDialog';
import { LimitDialog } from '../../entities/license/LimitDialog';
import { selectUserSettings } from '../../entities/settings/settingsSelectors';
import { useCustomerTypeChoices } from '../../api/endpoints/customerTypes';
import { createProject } from '../../api/endpoints/projects';
import { useTemplatesQuery } from '../../api/endpoints/templates';
import { ALL_TYPES, TemplateChooser } from './TemplateChooser';
import { ValueOptions } from '../../components/ValueOptions';

const t = de.projectOverview.create;
const ONLY_DEFAULT = [DEFAULT_CUSTOMER_TYPE];
const NO_TEMPLATES: TemplateSummaryDto[] = [];
const d = de.dashboard;

interface CreateForm {
  name: string;
  projectNumber: string;
  customerType: string;
}

/** The fields this form shows; a server message for any other field goes to the general alert. */
const FORM_FIELDS: readonly string[] = ['name', 'projectNumber', 'customerType'];

const normalise = (value: string) => value.trim().toLocaleLowerCase('de-DE');

/** 'Allgemein' first, then the others once each (case-insensitively) in the order given. */
function mergeTypes(...lists: (readonly string[])[]): string[] {
  const seen = new Map<string, string>();
  for (const name of [DEFAULT_CUSTOMER_TYPE, ...lists.flat()]) {
    const trimmed = name.trim();
    if (trimmed && !seen.has(normalise(trimmed))) seen.set(normalise(trimmed), trimmed);
  }
  return [...seen.values()];
}

export interface CreateProjectDialogProps {
  onClose: () => void;
  /** Names of the user's own projects: a project name is unique per owner (spec section 5). */
  existingNames?: readonly string[];
}

/**
 * 'Neues Projekt' in two steps (spec sections 2 and 5): 'Vorlage auswählen' (filtered by
 * customer type), then name, Projekt-Nr and customer type, with 'Neuer Kundentyp' when the
 * feature is on and the user may manage customer types. The name is checked with common's
 * request schema and against the user's own project names; the server's 400 shows at its
 * field, its 403 'limit_reached' opens the Free limit dialog. On success the board opens.
 */
export function CreateProjectDialog({ onClose, existingNames = [] }: CreateProjectDialogProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const policy = usePolicy();
  const manageTypesFeature = useAppSelector(selectUserSettings).features.manageCustomerTypes;
  const mayCreateType = manageTypesFeature && policy.allows(canManageCustomerTypes);
  const templatesQuery = useTemplatesQuery();
  const typeChoices = useCustomerTypeChoices();
  // Both answered (a failed template list still lets a project start without a template).
  const loaded = typeChoices !== null && (templatesQuery.data !== undefined || templatesQuery.isError);
  // Types made here with 'Neuer Kundentyp' (also when the list came from the tags).
  const [createdTypes, setCreatedTypes] = useState<string[]>([]);
  const [step, setStep] = useState<'template' | 'details'>('template');
  const [typeFilter, setTypeFilter] = useState(ALL_TYPES);
  const [template, setTemplate] = useState<TemplateSummaryDto | null>(null);
  const [form, setForm] = useState<CreateForm>({ name: '', projectNumber: '', customerType: DEFAULT_CUSTOMER_TYPE });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const formRef = useFocusFirstInvalid(fieldErrors);
  const bodyRef = useRef<HTMLDivElement>(null);
  const stepChanged = useRef(false);
  const submit = useSubmit({ limits: true });
  const [creatingType, setCreatingType] = useState(false);

  // Each step starts at its first control (the dialog itself takes the focus when it opens).
  useEffect(() => {
    if (!stepChanged.current) return;
    bodyRef.current?.querySelector<HTMLElement>(step === 'details' ? 'input' : 'select, button')?.focus();
  }, [step]);

  const set =
    <K extends keyof CreateForm>(key: K) =>
    (value: CreateForm[K]) =>
      setForm((before) => ({ ...before, [key]: value }));

  const customerTypes = loaded ? mergeTypes(typeChoices, createdTypes) : ONLY_DEFAULT;
  const templates = loaded ? (templatesQuery.data ?? NO_TEMPLATES) : NO_TEMPLATES;
  const filterTypes = mergeTypes(
    customerTypes,
    templates.map((entry) => entry.customerType),
  );

  const choose = (chosen: TemplateSummaryDto | null) => {
    const known = (type: string) => customerTypes.find((name) => normalise(name) === normalise(type));
    const preset =
      (chosen && known(chosen.customerType)) ??
      (typeFilter !== ALL_TYPES ? known(typeFilter) : undefined) ??
      DEFAULT_CUSTOMER_TYPE;
    setTemplate(chosen);
    setForm((before) => ({ ...before, customerType: preset }));
    stepChanged.current = true;
    setStep('details');
  };

  const back = () => {
    submit.setError(null);
    setFieldErrors({});
    stepChanged.current = true;
    setStep('template');
  };

  const typeCreated = (name: string) => {
    setCreatedTypes((before) => [...before, name]);
    set('customerType')(name);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.busy) return;
    submit.setError(null);
    const checked = validate(projectCreateSchema, { ...form, templateId: template?.id ?? null });
    if (!checked.ok) {
      setFieldErrors(checked.fields);
      return;
    }
    if (existingNames.some((name) => normalise(name) === normalise(checked.value.name))) {
      setFieldErrors({ name: de.projects.nameTaken });
      return;
    }
    setFieldErrors({});
    await submit.run(
      async () => {
        const project = await dispatch(createProject(checked.value));
        onClose();
        void navigate(`/project/${encodeURIComponent(project.id)}`);
      },
      (caught) => {
        // The duplicate name comes as a message (and maybe as a field): it belongs under the name.
        const { fields, message } = serverFieldErrors(caught, t.failed, FORM_FIELDS, [
          de.projects.nameTaken,
          de.projects.nameRequired,
        ]);
        setFieldErrors(fields);
        return message;
      },
    );
  };

  return (
    <Dialog title={step === 'template' ? d.templates.title : t.title} onClose={onClose}>
      <div ref={bodyRef}>
        {!loaded ? (
          <p className="muted">{de.actions.loading}</p>
        ) : step === 'template' ? (
          <TemplateChooser
            templates={templates}
            templatesFailed={templatesQuery.data === undefined && templatesQuery.isError}
            customerTypes={filterTypes}
            customerType={typeFilter}
            onCustomerTypeChange={setTypeFilter}
            onChoose={choose}
          />
        ) : (
          <form ref={formRef} className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
            <div className="create-project__template">
              <span>{d.create.template(template?.name ?? d.create.defaultTemplate)}</span>
              <button type="button" className="link-button" onClick={back}>
                {d.create.changeTemplate}
              </button>
            </div>
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
            <div className="create-project__type">
              <FormField label={t.customerType} error={fieldErrors.customerType}>
                <select value={form.customerType} onChange={(event) => set('customerType')(event.target.value)}>
                  <ValueOptions values={customerTypes} />
                </select>
              </FormField>
              {mayCreateType && (
                <button
                  type="button"
                  className="button button--secondary create-project__new-type"
                  onClick={() => setCreatingType(true)}
                >
                  {d.create.newCustomerType}
                </button>
              )}
            </div>
            <FormError error={submit.error} />
            <DialogActions onCancel={onClose} busy={submit.busy} submitLabel={t.submit} busyLabel={t.submitting} />
          </form>
        )}
      </div>
      {creatingType && <NewCustomerTypeDialog onClose={() => setCreatingType(false)} onCreated={typeCreated} />}
      {submit.limit && <LimitDialog kind={submit.limit} onClose={submit.limitSeen} />}
    </Dialog>
  );
}
