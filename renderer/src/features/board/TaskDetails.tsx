import type { FormEvent } from 'react';
import { useMemo, useState } from 'react';
import type { CardDto, TagDto } from '@werkboard/common';
import { de, EXTERNAL_ASSIGNEE_PREFIX, tagColor } from '@werkboard/common';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormField } from '../../components/FormField';
import type { CardFields } from '@werkboard/common';
import { deleteCard, isCardSigned, updateCard } from '@werkboard/common';
import { useBoardUi } from './boardUi';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectTags } from '../../api/endpoints/tags';
import { selectExternalUsers } from '../../api/endpoints/users';
import { selectAssigneeNames } from '../../entities/project/projectSelectors';
import { selectDocument } from '../../entities/project/projectSlice';
import { applyEdit } from '../../entities/project/projectThunks';
import { ValueOptions } from '../../components/ValueOptions';

const m = de.board.task;

/** The tags offered for a card: its project's customer type's tags, plus any it already has. */
function offeredTags(tags: readonly TagDto[], customerType: string, current: readonly string[]): TagDto[] {
  return tags.filter((tag) => tag.customerType === customerType || current.includes(tag.id));
}

export function TaskDetails({ card, columnId, onSaved }: { card: CardDto; columnId: string; onSaved: () => void }) {
  // A template's tasks are assigned in the projects made from it, not in the template.
  const { readOnly, template } = useBoardUi();
  const dispatch = useAppDispatch();
  const document = useAppSelector(selectDocument)!;
  const allTags = useAppSelector(selectTags);
  const externalUsers = useAppSelector(selectExternalUsers);
  const names = useAppSelector(selectAssigneeNames);
  // The server refuses deleting a signed card; the button is not offered.
  const signed = isCardSigned(document, card);
  const columnTitle = document.columns.find((column) => column.id === columnId)?.title ?? '';

  // What the form started from: only fields the user changed are saved, so a change someone
  // else made meanwhile (brought in by a save answer) is not written back.
  const [initial] = useState(() => ({
    title: card.title,
    description: card.description,
    group: card.group ?? '',
    assignedTo: card.assignedTo ?? '',
    tagIds: card.tagIds,
  }));
  const [title, setTitle] = useState(initial.title);
  const [description, setDescription] = useState(initial.description);
  const [group, setGroup] = useState(initial.group);
  const [assignedTo, setAssignedTo] = useState(initial.assignedTo);
  const [tagIds, setTagIds] = useState<string[]>(initial.tagIds);
  const [titleError, setTitleError] = useState<string | undefined>();
  const [confirmDelete, setConfirmDelete] = useState(false);

  const tags = useMemo(
    () => offeredTags(allTags, document.customerType, card.tagIds),
    [allTags, document.customerType, card.tagIds],
  );
  const groups = useMemo(
    () =>
      card.group && !document.cardGroups.includes(card.group)
        ? [...document.cardGroups, card.group]
        : document.cardGroups,
    [document.cardGroups, card.group],
  );
  const tagsById = useMemo(() => new Map(allTags.map((tag) => [tag.id, tag])), [allTags]);

  if (readOnly) {
    const assignee = card.assignedTo ? (names.get(card.assignedTo) ?? m.unknownAssignee) : m.unassigned;
    const cardTags = card.tagIds.map((id) => tagsById.get(id)).filter((tag) => tag !== undefined);
    return (
      <dl className="task-facts">
        <div>
          <dt>{m.title}</dt>
          <dd>{card.title}</dd>
        </div>
        <div>
          <dt>{m.description}</dt>
          <dd className="task-facts__text">{card.description || m.readOnlyEmpty}</dd>
        </div>
        <div>
          <dt>{m.group}</dt>
          <dd>{card.group ?? m.noGroup}</dd>
        </div>
        {!template && (
          <div>
            <dt>{m.assignment}</dt>
            <dd>{assignee}</dd>
          </div>
        )}
        <div>
          <dt>{m.tags}</dt>
          <dd>
            {cardTags.length === 0
              ? m.readOnlyEmpty
              : cardTags.map((tag) => (
                  <span key={tag.id} className={`board-chip board-tone--${tagColor(tag.color)}`}>
                    {tag.label}
                  </span>
                ))}
          </dd>
        </div>
      </dl>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setTitleError(m.titleRequired);
      return;
    }
    setTitleError(undefined);
    const fields: Partial<CardFields> = {};
    if (title.trim() !== initial.title) fields.title = title;
    if (description !== initial.description) fields.description = description;
    if (group !== initial.group) fields.group = group || null;
    if (assignedTo !== initial.assignedTo) fields.assignedTo = assignedTo || null;
    if (tagIds.length !== initial.tagIds.length || tagIds.some((id) => !initial.tagIds.includes(id)))
      fields.tagIds = tagIds;
    dispatch(applyEdit((draft) => updateCard(draft, card.id, fields)));
    // Done: the card shows the change and the sync badge its state (issue 19: a success box
    // in the open dialog pushed its buttons out of view on a phone).
    onSaved();
  };

  const toggleTag = (id: string) => {
    setTagIds((current) => (current.includes(id) ? current.filter((tagId) => tagId !== id) : [...current, id]));
  };

  const team = document.team;
  const assignedUnknown = assignedTo !== '' && !names.has(assignedTo);

  return (
    <form className="task-details" onSubmit={submit} noValidate>
      <p className="muted task-details__column">{columnTitle}</p>
      <FormField label={m.title} error={titleError}>
        <input value={title} maxLength={500} onChange={(event) => setTitle(event.target.value)} />
      </FormField>
      <FormField label={m.description}>
        <textarea rows={4} value={description} onChange={(event) => setDescription(event.target.value)} />
      </FormField>
      <FormField label={m.group}>
        <select value={group} onChange={(event) => setGroup(event.target.value)}>
          <option value="">{m.noGroup}</option>
          <ValueOptions values={groups} />
        </select>
      </FormField>
      {!template && (
        <FormField label={m.assignment}>
          <select value={assignedTo} onChange={(event) => setAssignedTo(event.target.value)}>
            <option value="">{m.unassigned}</option>
            {assignedUnknown && <option value={assignedTo}>{m.unknownAssignee}</option>}
            {team.length > 0 && (
              <optgroup label={m.teamGroup}>
                {team.map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.username}
                  </option>
                ))}
              </optgroup>
            )}
            {externalUsers.length > 0 && (
              <optgroup label={m.externalGroup}>
                {externalUsers.map((external) => (
                  <option key={external.id} value={`${EXTERNAL_ASSIGNEE_PREFIX}${external.id}`}>
                    {external.name}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </FormField>
      )}
      <fieldset className="fieldset task-details__tags">
        <legend>{m.tags}</legend>
        {tags.length === 0 ? (
          <p className="muted">{m.noTags}</p>
        ) : (
          <div className="board-chips">
            {tags.map((tag) => (
              <button
                key={tag.id}
                type="button"
                className={`board-chip board-chip--toggle board-tone--${tagColor(tag.color)}`}
                aria-pressed={tagIds.includes(tag.id)}
                onClick={() => toggleTag(tag.id)}
              >
                {tag.label}
              </button>
            ))}
          </div>
        )}
      </fieldset>
      {signed && <p className="muted">{de.projects.signoff.cardSealed}</p>}
      <div className="task-details__actions">
        {!signed && (
          <button type="button" className="button button--danger-outline" onClick={() => setConfirmDelete(true)}>
            {m.deleteTask}
          </button>
        )}
        <button type="submit" className="button button--primary">
          {m.save}
        </button>
      </div>
      {confirmDelete && (
        <ConfirmDialog
          title={m.deleteTitle}
          confirmLabel={de.actions.delete}
          danger
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() => {
            setConfirmDelete(false);
            dispatch(applyEdit((draft) => deleteCard(draft, card.id)));
          }}
        >
          <p>{m.deleteQuestion(card.title)}</p>
          <p className="muted">{m.deleteWarning}</p>
        </ConfirmDialog>
      )}
    </form>
  );
}
