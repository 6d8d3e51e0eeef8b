import type { FormEvent } from 'react';
import { useState } from 'react';
import type { ExternalUserDto, ProjectDocument, ProjectMemberDto, TaskGroupOperation } from '@werkboard/common';
import { countGroupCards, de, EXTERNAL_ASSIGNEE_PREFIX } from '@werkboard/common';
import { FormField } from '../../components/FormField';

const t = de.projectPanels.edit;

export interface Assignee {
  value: string;
  name: string;
}

/** Team members, then external workers as 'ext-<id>' (spec section 3). */
export function assigneesOf(team: readonly ProjectMemberDto[], externalUsers: readonly ExternalUserDto[]) {
  return {
    team: team.map((member): Assignee => ({ value: member.id, name: member.username })),
    external: externalUsers.map((external): Assignee => ({
      value: `${EXTERNAL_ASSIGNEE_PREFIX}${external.id}`,
      name: external.name,
    })),
  };
}

interface TaskGroupsSectionProps {
  /** The document with the modal's group changes so far. */
  working: Pick<ProjectDocument, 'cardGroups' | 'groupAssignments' | 'columns'>;
  team: Assignee[];
  external: Assignee[];
  externalError: string | null;
  disabled: boolean;
  /** Applies the operation to the modal's copy; returns the German error or null. */
  onOperation: (operation: TaskGroupOperation) => string | null;
}

function GroupRow({
  group,
  props,
  onError,
}: {
  group: string;
  props: TaskGroupsSectionProps;
  onError: (error: string | null) => void;
}) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const { working, team, external, disabled, onOperation } = props;
  const assignee = working.groupAssignments[group] ?? '';
  const known = [...team, ...external].some((option) => option.value === assignee);

  const rename = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (renaming === null) return;
    const error = onOperation({ kind: 'rename', from: group, to: renaming });
    onError(error);
    if (!error) setRenaming(null);
  };

  const assign = (value: string) => {
    const option = [...team, ...external].find((candidate) => candidate.value === value);
    onError(onOperation({ kind: 'assign', name: group, assignee: value || null, assigneeName: option?.name ?? value }));
  };

  return (
    <li className="task-group" aria-label={group}>
      {renaming === null ? (
        <div className="task-group__head">
          <span className="task-group__name">{group}</span>
          <span className="task-group__count muted">{t.groupCardCount(countGroupCards(working, group))}</span>
          {!disabled && (
            <span className="row-actions">
              <button
                type="button"
                className="button button--secondary button--small"
                aria-label={t.renameGroup(group)}
                onClick={() => setRenaming(group)}
              >
                {t.confirmRename}
              </button>
              <button
                type="button"
                className="button button--danger-outline button--small"
                aria-label={t.deleteGroup(group)}
                onClick={() => onError(onOperation({ kind: 'delete', name: group }))}
              >
                {de.actions.delete}
              </button>
            </span>
          )}
        </div>
      ) : (
        <form className="task-group__rename" onSubmit={rename} noValidate>
          <FormField label={t.groupName(group)}>
            <input
              type="text"
              autoComplete="off"
              value={renaming}
              onChange={(event) => setRenaming(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') {
                  event.stopPropagation();
                  setRenaming(null);
                }
              }}
            />
          </FormField>
          <span className="row-actions">
            <button type="button" className="button button--secondary button--small" onClick={() => setRenaming(null)}>
              {de.actions.cancel}
            </button>
            <button type="submit" className="button button--primary button--small">
              {t.confirmRename}
            </button>
          </span>
        </form>
      )}
      <FormField label={t.groupAssignee(group)}>
        <select value={assignee} disabled={disabled} onChange={(event) => assign(event.target.value)}>
          <option value="">{t.nobody}</option>
          {!known && assignee && <option value={assignee}>{assignee}</option>}
          {team.length > 0 && (
            <optgroup label={t.teamLabel}>
              {team.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.name}
                </option>
              ))}
            </optgroup>
          )}
          {external.length > 0 && (
            <optgroup label={t.externalLabel}>
              {external.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.name}
                </option>
              ))}
            </optgroup>
          )}
        </select>
      </FormField>
    </li>
  );
}

/**
 * 'Gruppierungen & Zuweisungen': the task groups with add, rename, delete and assignment to a
 * team member or an external worker (the side effects on the cards are projectEditing's).
 */
export function TaskGroupsSection(props: TaskGroupsSectionProps) {
  const { working, externalError, disabled, onOperation } = props;
  const [newGroup, setNewGroup] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = onOperation({ kind: 'add', name: newGroup });
    setError(result);
    if (!result) setNewGroup('');
  };

  return (
    <div className="task-groups">
      <h4 className="subheading">{t.taskGroups}</h4>
      {working.cardGroups.length === 0 ? (
        <p className="muted">{t.noTaskGroups}</p>
      ) : (
        <ul className="task-group-list" aria-label={t.taskGroups}>
          {working.cardGroups.map((group) => (
            <GroupRow key={group} group={group} props={props} onError={setError} />
          ))}
        </ul>
      )}
      {externalError && <p className="muted">{externalError}</p>}
      {error && (
        <p role="alert" className="message message--error">
          {error}
        </p>
      )}
      {!disabled && (
        <form className="task-groups__add" onSubmit={add} noValidate>
          <FormField label={t.newGroup}>
            <input
              type="text"
              autoComplete="off"
              value={newGroup}
              onChange={(event) => setNewGroup(event.target.value)}
            />
          </FormField>
          <button type="submit" className="button button--secondary">
            {t.addGroup}
          </button>
        </form>
      )}
    </div>
  );
}
