import type { FormEvent } from 'react';
import { useState } from 'react';
import type { TagDto, TagUpdateRequest } from '@werkboard/common';
import { de, TAG_PRIORITY_LABELS, tagColor } from '@werkboard/common';
import { serverMessageOr } from '../../api/errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormError } from '../../components/FormActions';
import { FormField } from '../../components/FormField';
import { useSubmit } from '../../components/useSubmit';
import { useAppDispatch } from '../../store/hooks';
import type { CatalogData } from './catalogData';
import { createTag, deleteTag, updateTag } from '../../api/endpoints/tags';
import { sameName } from '../../utils/names';
import type { TagValues } from './TagFields';
import { NEW_TAG_VALUES, TagFields, TagSwatch } from './TagFields';
import { ValueOptions } from '../../components/ValueOptions';

const t = de.organise.settings;

interface PanelProps {
  data: CatalogData;
  customerType: string;
  onSelectType: (type: string) => void;
  editable: boolean;
}

function byPriorityThenLabel(a: TagDto, b: TagDto): number {
  return b.priority - a.priority || a.label.localeCompare(b.label, 'de');
}

/** A label taken by another tag of the same customer type (case-insensitive, spec section 5). */
function labelTaken(tags: readonly TagDto[], customerType: string, label: string, exceptId: string | null): boolean {
  return tags.some((tag) => tag.customerType === customerType && tag.id !== exceptId && sameName(tag.label, label));
}

/** The Tags tab: a customer type's tags with colour and priority; add, edit and delete. */
export function TagsPanel({ data, customerType, onSelectType, editable }: PanelProps) {
  const dispatch = useAppDispatch();
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TagDto | null>(null);
  const removal = useSubmit();

  const tags = data.tags.filter((tag) => tag.customerType === customerType).sort(byPriorityThenLabel);

  const remove = async () => {
    if (!deleting) return;
    const { id } = deleting;
    if (
      await removal.run(
        () => dispatch(deleteTag(id)),
        (caught) => serverMessageOr(caught, t.tagDeleteFailed),
      )
    )
      setDeleting(null);
  };

  return (
    <div className="catalog-panel">
      <FormField label={t.chooseType}>
        <select
          value={customerType}
          onChange={(event) => {
            setEditing(null);
            onSelectType(event.target.value);
          }}
        >
          <ValueOptions values={data.types} />
        </select>
      </FormField>
      {tags.length === 0 ? (
        <p className="muted">{t.noTags}</p>
      ) : (
        <ul className="catalog-list" aria-label={t.tagsOf(customerType)}>
          {tags.map((tag) =>
            editing === tag.id ? (
              <li key={tag.id} className="catalog-item" aria-label={tag.label}>
                <TagEditForm
                  tag={tag}
                  allTags={data.tags}
                  onSaved={() => setEditing(null)}
                  onCancel={() => setEditing(null)}
                />
              </li>
            ) : (
              <li key={tag.id} className="catalog-item" aria-label={tag.label}>
                <div className="catalog-item__main">
                  <TagSwatch color={tag.color} />
                  <span className={`board-chip board-tone--${tagColor(tag.color)}`}>{tag.label}</span>
                  <span className="muted catalog-item__meta">
                    {t.priorityOf(TAG_PRIORITY_LABELS[tag.priority] ?? TAG_PRIORITY_LABELS[1])}
                  </span>
                </div>
                {editable && (
                  <span className="row-actions">
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      aria-label={t.editTag(tag.label)}
                      onClick={() => setEditing(tag.id)}
                    >
                      {de.actions.edit}
                    </button>
                    <button
                      type="button"
                      className="button button--danger-outline button--small"
                      aria-label={t.deleteTag(tag.label)}
                      onClick={() => {
                        removal.setError(null);
                        setDeleting(tag);
                      }}
                    >
                      {de.actions.delete}
                    </button>
                  </span>
                )}
              </li>
            ),
          )}
        </ul>
      )}
      {editable && customerType && <AddTagForm key={customerType} customerType={customerType} allTags={data.tags} />}
      {deleting && (
        <ConfirmDialog
          title={t.deleteTagTitle}
          confirmLabel={de.actions.delete}
          busyLabel={de.actions.deleting}
          busy={removal.busy}
          danger
          error={removal.error}
          onConfirm={() => void remove()}
          onCancel={() => setDeleting(null)}
        >
          <p>{t.deleteTagQuestion(deleting.label)}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function TagEditForm({
  tag,
  allTags,
  onSaved,
  onCancel,
}: {
  tag: TagDto;
  allTags: readonly TagDto[];
  onSaved: () => void;
  onCancel: () => void;
}) {
  const dispatch = useAppDispatch();
  const [values, setValues] = useState<TagValues>({
    label: tag.label,
    color: tagColor(tag.color),
    priority: tag.priority,
  });
  const [labelError, setLabelError] = useState<string | undefined>();
  const submit = useSubmit();

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.busy) return;
    submit.clear();
    const label = values.label.trim();
    const problem = !label
      ? t.tagLabelRequired
      : labelTaken(allTags, tag.customerType, label, tag.id)
        ? t.tagLabelTaken
        : undefined;
    setLabelError(problem);
    if (problem) return;
    const patch: TagUpdateRequest = {};
    if (label !== tag.label) patch.label = label;
    if (values.color !== tag.color) patch.color = values.color;
    if (values.priority !== tag.priority) patch.priority = values.priority;
    if (Object.keys(patch).length === 0) {
      onCancel();
      return;
    }
    if (
      await submit.run(
        () => dispatch(updateTag(tag.id, patch)),
        (caught) => serverMessageOr(caught, t.tagSaveFailed),
      )
    )
      onSaved();
  };

  return (
    <form
      className="catalog-item__form"
      aria-label={t.editTagTitle(tag.label)}
      onSubmit={(event) => void save(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
      noValidate
    >
      <TagFields values={values} onChange={setValues} labelError={labelError} />
      <FormError error={submit.error} />
      <span className="row-actions">
        <button type="button" className="button button--secondary button--small" onClick={onCancel}>
          {de.actions.cancel}
        </button>
        <button type="submit" className="button button--primary button--small" disabled={submit.busy}>
          {submit.busy ? de.actions.saving : de.actions.save}
        </button>
      </span>
    </form>
  );
}

function AddTagForm({ customerType, allTags }: { customerType: string; allTags: readonly TagDto[] }) {
  const dispatch = useAppDispatch();
  const [values, setValues] = useState<TagValues>(NEW_TAG_VALUES);
  const [labelError, setLabelError] = useState<string | undefined>();
  const submit = useSubmit();

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.busy) return;
    submit.clear();
    const label = values.label.trim();
    // Spec section 5: the new tag's text is trimmed and ignored when empty.
    if (!label) {
      setLabelError(undefined);
      setValues((before) => ({ ...before, label: '' }));
      return;
    }
    if (labelTaken(allTags, customerType, label, null)) {
      setLabelError(t.tagLabelTaken);
      return;
    }
    setLabelError(undefined);
    const added = await submit.run(
      () => dispatch(createTag({ customerType, label, color: values.color, priority: values.priority })),
      (caught) => {
        const message = serverMessageOr(caught, t.tagSaveFailed);
        if (message !== t.tagLabelTaken && message !== t.tagLabelRequired) return message;
        setLabelError(message);
        return null;
      },
    );
    if (added) setValues((before) => ({ ...before, label: '' }));
  };

  return (
    <form className="catalog-add" aria-label={t.addTag} onSubmit={(event) => void add(event)} noValidate>
      <h4 className="subheading">{t.newTag}</h4>
      <TagFields values={values} onChange={setValues} labelError={labelError} />
      <FormError error={submit.error} />
      <button type="submit" className="button button--secondary" disabled={submit.busy}>
        {submit.busy ? de.actions.saving : t.addTag}
      </button>
    </form>
  );
}
