import { produce } from 'immer';
import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import type { EditableProjectFields, ProjectDocument, TaskGroupOperation } from '@werkboard/common';
import {
  applyProjectFields,
  applyTaskGroupOperation,
  applyTaskGroupOperations,
  canEditProject,
  de,
  DEFAULT_CUSTOMER_TYPE,
  projectNameSchema,
  validate,
} from '@werkboard/common';
import { useCustomerTypesQuery } from '../../api/endpoints/customerTypes';
import { useTagsQuery } from '../../api/endpoints/tags';
import { useExternalUsersQuery } from '../../api/endpoints/users';
import { loadStateOf } from '../../api/loadState';
import { Collapsible } from '../../components/Collapsible';
import { Dialog } from '../../components/Dialog';
import { FormField } from '../../components/FormField';
import { usePolicy } from '../../entities/session/usePolicy';
import { useOpenProject } from '../../entities/project/useOpenProject';
import { applyProjectGroup } from '../../entities/project/applyProjectGroup';
import { ProjectGroupSelect } from './ProjectGroupSelect';
import { TemplateAvailabilitySection } from './TemplateAvailabilitySection';
import { IconPicker } from '../../entities/project/IconPicker';
import { ProjectActionsSection } from './ProjectActionsSection';
import { assigneesOf, TaskGroupsSection } from './TaskGroupsSection';
import { ValueOptions } from '../../components/ValueOptions';

const t = de.projectPanels.edit;

function fieldsOf(document: ProjectDocument): EditableProjectFields {
  return {
    name: document.name,
    projectNumber: document.projectNumber,
    description: document.description,
    icon: document.icon,
    customerType: document.customerType || DEFAULT_CUSTOMER_TYPE,
    tagIds: [...document.tagIds],
  };
}

const NONE: never[] = [];

/**
 * The edit modal of the board (spec section 2): an accordion with Allgemeine Informationen,
 * Kategorisierung, Verfügbarkeit (templates), Gruppierungen & Zuweisungen and Aktionen &
 * Verwaltung. Field and group changes stay in the modal until 'Speichern', which applies them
 * through the board's one update (with their change-log actions) and closes; the status
 * actions go through their own routes at once.
 */
export function EditProjectDialog({
  onClose,
  renderSaveAsTemplate,
}: {
  onClose: () => void;
  /** 'Als Vorlage speichern' from the actions (composed by the page: features/templates). */
  renderSaveAsTemplate?: (onClose: () => void) => ReactNode;
}) {
  const { document, readOnly, update } = useOpenProject();
  const { actor } = usePolicy();
  const canEdit = !readOnly && actor !== null && (document.isTemplate || canEditProject(actor, document));

  // What the modal opened with: the save writes only what differs from it.
  const [base] = useState(() => fieldsOf(document));
  const [values, setValues] = useState(base);
  const [nameError, setNameError] = useState<string | undefined>();
  const [operations, setOperations] = useState<TaskGroupOperation[]>([]);
  const [baseGroupId] = useState(document.groupId);
  const [groupId, setGroupId] = useState(baseGroupId);
  const tags = loadStateOf(useTagsQuery());
  const externalUsers = loadStateOf(useExternalUsersQuery());
  // Without the list (an older server, offline) the select still offers the current type and Allgemein.
  const knownTypes = useCustomerTypesQuery().data ?? NONE;

  // The current document with the modal's group changes, for the groups section.
  const working = useMemo(
    () =>
      produce(document, (draft) => {
        applyTaskGroupOperations(draft, operations);
      }),
    [document, operations],
  );

  const set = <K extends keyof EditableProjectFields>(key: K, value: EditableProjectFields[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const allTags = tags.status === 'loaded' ? tags.data : NONE;
  const customerTypes = [
    ...new Set([
      DEFAULT_CUSTOMER_TYPE,
      ...knownTypes,
      base.customerType,
      values.customerType,
      ...allTags.map((tag) => tag.customerType),
    ]),
  ];
  const typeTags = allTags.filter((tag) => tag.customerType === values.customerType);

  const changeCustomerType = (customerType: string) => {
    // Tags belong to a customer type: those of other known types go with the old type.
    const foreign = new Set(allTags.filter((tag) => tag.customerType !== customerType).map((tag) => tag.id));
    setValues((current) => ({ ...current, customerType, tagIds: current.tagIds.filter((id) => !foreign.has(id)) }));
  };

  const toggleTag = (id: string) =>
    setValues((current) => ({
      ...current,
      tagIds: current.tagIds.includes(id) ? current.tagIds.filter((tagId) => tagId !== id) : [...current.tagIds, id],
    }));

  const groupOperation = (operation: TaskGroupOperation): string | null => {
    let error: string | null = null;
    let changed = false;
    produce(working, (draft) => {
      const result = applyTaskGroupOperation(draft, operation);
      if (!result.ok) error = result.error;
      else changed = result.actions.length > 0;
    });
    if (changed) setOperations((current) => [...current, operation]);
    return error;
  };

  const save = () => {
    const checked = validate(projectNameSchema, values.name);
    if (!checked.ok) {
      setNameError(checked.message);
      return;
    }
    setNameError(undefined);
    const next: EditableProjectFields = {
      ...values,
      name: checked.value,
      projectNumber: values.projectNumber.trim(),
    };
    const recipe = (draft: ProjectDocument): string[] => [
      ...applyProjectFields(draft, base, next),
      ...applyTaskGroupOperations(draft, operations),
      ...applyProjectGroup(draft, baseGroupId, groupId),
    ];
    // The log texts of what the recipe does to the current copy.
    let actions: string[] = [];
    produce(document, (draft) => {
      actions = recipe(draft);
    });
    if (actions.length > 0) update((draft) => void recipe(draft), actions);
    onClose();
  };

  const title = document.isTemplate ? t.templateTitle : t.title;
  const assignees = assigneesOf(document.team, externalUsers.status === 'loaded' ? externalUsers.data : NONE);

  return (
    <Dialog title={title} onClose={onClose} wide>
      <div className="edit-project">
        <Collapsible title={t.general} defaultOpen>
          <fieldset className="edit-project__fields" disabled={!canEdit}>
            <FormField label={document.isTemplate ? t.templateName : t.name} error={nameError}>
              <input
                type="text"
                autoComplete="off"
                value={values.name}
                onChange={(event) => set('name', event.target.value)}
              />
            </FormField>
            {!document.isTemplate && (
              <FormField label={t.projectNumber} optional>
                <input
                  type="text"
                  autoComplete="off"
                  value={values.projectNumber}
                  onChange={(event) => set('projectNumber', event.target.value)}
                />
              </FormField>
            )}
            <FormField label={t.description} optional>
              <textarea
                rows={3}
                value={values.description}
                onChange={(event) => set('description', event.target.value)}
              />
            </FormField>
            <IconPicker value={values.icon} onChange={(icon) => set('icon', icon)} disabled={!canEdit} />
          </fieldset>
        </Collapsible>

        <Collapsible title={t.categorisation}>
          <fieldset className="edit-project__fields" disabled={!canEdit}>
            <FormField label={t.customerType}>
              <select value={values.customerType} onChange={(event) => changeCustomerType(event.target.value)}>
                <ValueOptions values={customerTypes} />
              </select>
            </FormField>
            <fieldset className="fieldset">
              <legend>{t.tags}</legend>
              {tags.status === 'loading' && <p className="muted">{de.actions.loading}</p>}
              {tags.status === 'failed' && <p className="muted">{t.tagsLoadFailed}</p>}
              {tags.status === 'loaded' && typeTags.length === 0 && <p className="muted">{t.noTags}</p>}
              {typeTags.length > 0 && (
                <div className="tag-toggles">
                  {typeTags.map((tag) => (
                    <label key={tag.id} className={`tag-toggle tag-toggle--${tag.color}`}>
                      <input
                        type="checkbox"
                        checked={values.tagIds.includes(tag.id)}
                        onChange={() => toggleTag(tag.id)}
                      />
                      <span>{tag.label}</span>
                    </label>
                  ))}
                </div>
              )}
            </fieldset>
          </fieldset>
        </Collapsible>

        {document.isTemplate && (
          <Collapsible title={t.availability}>
            <TemplateAvailabilitySection customerType={values.customerType} disabled={!canEdit} />
          </Collapsible>
        )}

        <Collapsible title={t.groupsAndAssignments}>
          {!document.isTemplate && <ProjectGroupSelect value={groupId} onChange={setGroupId} disabled={!canEdit} />}
          <TaskGroupsSection
            working={working}
            team={assignees.team}
            external={assignees.external}
            externalError={externalUsers.status === 'failed' ? t.externalLoadFailed : null}
            disabled={!canEdit}
            onOperation={groupOperation}
          />
        </Collapsible>

        {!document.isTemplate && (
          <Collapsible title={t.actions}>
            <ProjectActionsSection onDone={onClose} renderSaveAsTemplate={renderSaveAsTemplate} />
          </Collapsible>
        )}
      </div>
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {de.actions.cancel}
        </button>
        {canEdit && (
          <button type="button" className="button button--primary" onClick={save}>
            {de.actions.save}
          </button>
        )}
      </div>
    </Dialog>
  );
}
