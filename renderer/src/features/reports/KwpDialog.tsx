import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import type { ProjectDocument, ReportNames } from '@werkboard/common';
import { de, groupKwpText, projectKwpText } from '@werkboard/common';
import { Dialog } from '../../components/Dialog';
import { Toggle } from './ChoiceList';
import { useCopyText } from './useCopyText';
import { GroupLoadStatus } from './ReportStatus';
import { useGroupReportProjects } from './useGroupReportProjects';

const k = de.reports.kwp;

/**
 * The KWP text in a dialog (spec sections 2 and 9): read-only, selectable, with the copy
 * button; appointments can be added.
 */
function KwpView({
  title,
  text,
  includeAppointments,
  onIncludeAppointments,
  onClose,
  children,
}: {
  title: string;
  /** null while the group's projects load. */
  text: string | null;
  includeAppointments: boolean;
  onIncludeAppointments: (on: boolean) => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const textId = useId();
  const { state, copy } = useCopyText();
  return (
    <Dialog title={title} onClose={onClose} wide>
      <Toggle label={k.includeAppointments} checked={includeAppointments} onChange={onIncludeAppointments} />
      {children}
      {text !== null && (
        <div className="field">
          <label className="field__label" htmlFor={textId}>
            {k.textLabel}
          </label>
          <textarea id={textId} className="kwp-text" readOnly value={text} rows={16} spellCheck={false} />
        </div>
      )}
      {state.kind === 'failed' && (
        <p role="alert" className="message message--error">
          {state.text}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {de.app.close}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={text === null}
          onClick={() => text !== null && void copy(text)}
        >
          {state.kind === 'copied' ? k.copied : k.copy}
        </button>
      </div>
    </Dialog>
  );
}

export function ProjectKwpDialog({
  project,
  names,
  onClose,
}: {
  project: ProjectDocument;
  names: ReportNames;
  onClose: () => void;
}) {
  const [includeAppointments, setIncludeAppointments] = useState(false);
  return (
    <KwpView
      title={k.title}
      text={projectKwpText(project, names, { includeAppointments })}
      includeAppointments={includeAppointments}
      onIncludeAppointments={setIncludeAppointments}
      onClose={onClose}
    />
  );
}

export function GroupKwpDialog({
  groupName,
  projectIds,
  onClose,
}: {
  groupName: string;
  projectIds: readonly string[];
  onClose: () => void;
}) {
  const [includeAppointments, setIncludeAppointments] = useState(false);
  const load = useGroupReportProjects(projectIds);
  return (
    <KwpView
      title={k.groupTitle(groupName)}
      text={load.status === 'loaded' ? groupKwpText(groupName, load.projects, { includeAppointments }) : null}
      includeAppointments={includeAppointments}
      onIncludeAppointments={setIncludeAppointments}
      onClose={onClose}
    >
      <GroupLoadStatus load={load} />
    </KwpView>
  );
}
