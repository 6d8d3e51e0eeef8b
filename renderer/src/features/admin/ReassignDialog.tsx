import type { FormEvent } from 'react';
import { useMemo, useState } from 'react';
import type { ProjectSummaryDto } from '@werkboard/common';
import { de } from '@werkboard/common';
import { reassignProject } from '../../api/endpoints/projects';
import { useUserDirectoryQuery } from '../../api/endpoints/users';
import { serverMessageOr } from '../../api/errors';
import { loadStateOf } from '../../api/loadState';
import { Dialog } from '../../components/Dialog';
import { FormField } from '../../components/FormField';
import { useAppDispatch } from '../../store/hooks';

const t = de.adminOverview.reassign;
const r = de.team.reassign;

interface ReassignDialogProps {
  project: ProjectSummaryDto;
  onClose: () => void;
  /** After the reassignment succeeded (the cached lists show the new owner). */
  onReassigned: () => void;
}

const byName = new Intl.Collator('de-DE', { sensitivity: 'base' });

/**
 * 'Projekt neu zuweisen' (spec sections 2 and 5): every user except the current owner. The
 * button stays disabled until someone is chosen; a submit without a choice (or choosing the
 * placeholder again) says 'Bitte wählen Sie einen neuen Besitzer aus.'. The old owner stays
 * on the team as a member (server rule); a failure stays in the dialog.
 */
export function ReassignDialog({ project, onClose, onReassigned }: ReassignDialogProps) {
  const dispatch = useAppDispatch();
  const load = loadStateOf(useUserDirectoryQuery());
  const [chosen, setChosen] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const candidates = useMemo(
    () =>
      load.status === 'loaded'
        ? load.data.filter((user) => user.id !== project.ownerId).sort((a, b) => byName.compare(a.username, b.username))
        : [],
    [load, project.ownerId],
  );

  const choose = (id: string) => {
    setChosen(id);
    setError(null);
    setFieldError(id ? undefined : r.ownerRequired);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const newOwner = candidates.find((user) => user.id === chosen);
    if (!newOwner) {
      setFieldError(r.ownerRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await dispatch(reassignProject(project.id, newOwner));
      onReassigned();
    } catch (caught) {
      setError(serverMessageOr(caught, r.failed));
      setBusy(false);
    }
  };

  return (
    <Dialog title={t.title} onClose={onClose}>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <p>{t.intro(project.name)}</p>
        <p className="muted">{t.currentOwner(project.ownerUsername ?? de.adminOverview.projects.unknownOwner)}</p>
        {load.status === 'loading' && <p className="muted">{t.usersLoading}</p>}
        {load.status === 'failed' && (
          <p role="alert" className="message message--error">
            {serverMessageOr(load.error, t.usersLoadFailed)}
          </p>
        )}
        {load.status === 'loaded' && candidates.length === 0 && <p className="muted">{t.noUsers}</p>}
        {load.status === 'loaded' && candidates.length > 0 && (
          <FormField label={t.newOwner} error={fieldError} hint={t.hint}>
            <select value={chosen} onChange={(event) => choose(event.target.value)} disabled={busy}>
              <option value="">{t.choose}</option>
              {candidates.map((user) => (
                <option key={user.id} value={user.id}>
                  {user.username}
                </option>
              ))}
            </select>
          </FormField>
        )}
        {error && (
          <p role="alert" className="message message--error">
            {error}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {de.actions.cancel}
          </button>
          <button type="submit" className="button button--primary" disabled={busy || chosen === ''}>
            {busy ? t.submitting : t.submit}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
