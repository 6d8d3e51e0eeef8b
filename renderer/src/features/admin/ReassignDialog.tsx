import type { FormEvent } from 'react';
import { useMemo, useState } from 'react';
import type { ProjectSummaryDto } from '@werkboard/common';
import { de } from '@werkboard/common';
import { reassignProject } from '../../api/endpoints/projects';
import { useUserDirectoryQuery } from '../../api/endpoints/users';
import { serverMessageOr } from '../../api/errors';
import { loadStateOf } from '../../api/loadState';
import { Dialog } from '../../components/Dialog';
import { DialogActions, FormError } from '../../components/FormActions';
import { FormField } from '../../components/FormField';
import { useSubmit } from '../../components/useSubmit';
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
  const submit = useSubmit();

  const candidates = useMemo(
    () =>
      load.status === 'loaded'
        ? load.data.filter((user) => user.id !== project.ownerId).sort((a, b) => byName.compare(a.username, b.username))
        : [],
    [load, project.ownerId],
  );

  const choose = (id: string) => {
    setChosen(id);
    submit.setError(null);
    setFieldError(id ? undefined : r.ownerRequired);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submit.busy) return;
    const newOwner = candidates.find((user) => user.id === chosen);
    if (!newOwner) {
      setFieldError(r.ownerRequired);
      return;
    }
    const done = await submit.run(
      () => dispatch(reassignProject(project.id, newOwner)),
      (caught) => serverMessageOr(caught, r.failed),
    );
    if (done) onReassigned();
  };

  return (
    <Dialog title={t.title} onClose={onClose}>
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
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
            <select value={chosen} onChange={(event) => choose(event.target.value)} disabled={submit.busy}>
              <option value="">{t.choose}</option>
              {candidates.map((user) => (
                <option key={user.id} value={user.id}>
                  {user.username}
                </option>
              ))}
            </select>
          </FormField>
        )}
        <FormError error={submit.error} />
        <DialogActions
          onCancel={onClose}
          busy={submit.busy}
          disabled={chosen === ''}
          submitLabel={t.submit}
          busyLabel={t.submitting}
        />
      </form>
    </Dialog>
  );
}
