import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { PermissionKey, Role, RolePermissionMap } from '@werkboard/common';
import { de, PERMISSION_KEYS, ROLES } from '@werkboard/common';
import { FeedbackMessage } from '../../components/FormFeedback';
import { useSubmit } from '../../components/useSubmit';
import { saveRolePermissions, useRolePermissionsQuery } from '../../api/endpoints/permissions';
import { useAppDispatch } from '../../store/hooks';
import { LoadFailed } from '../../components/LoadFailed';

/**
 * /admin/permissions (Admin only): rows are permissions, columns roles. The Admin column is
 * fixed: every box checked and disabled. Saved changes reach users at their next login.
 */
export function PermissionsPage() {
  const dispatch = useAppDispatch();
  const permissions = useRolePermissionsQuery();
  const map = permissions.data ?? null;
  // The user's changes to the copy they were made on: a fresh server copy (load or save) replaces them.
  const [edit, setEdit] = useState<{ from: RolePermissionMap; draft: RolePermissionMap } | null>(null);
  const draft = map && edit?.from === map ? edit.draft : map;
  const submit = useSubmit();

  const toggle = (role: Role, key: PermissionKey, checked: boolean) => {
    submit.clear();
    if (!map || !draft || role === 'Admin') return;
    const keys = draft[role].filter((existing) => existing !== key);
    // Keep the matrix order, so a saved map reads the same as the rows.
    const next = checked ? PERMISSION_KEYS.filter((k) => k === key || keys.includes(k)) : keys;
    setEdit({ from: map, draft: { ...draft, [role]: next } });
  };

  const onSave = async () => {
    if (!draft) return;
    await submit.run(
      () => dispatch(saveRolePermissions(draft)),
      () => de.permissions.saveFailed,
      de.permissions.saved,
    );
  };

  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">{de.pages.permissions}</h1>
        <div className="page__actions">
          <Link to="/users" className="button button--secondary">
            {de.permissionsScreen.back}
          </Link>
        </div>
      </header>
      <p className="muted">{de.permissionsScreen.intro}</p>

      {permissions.isError && !draft && (
        <LoadFailed message={de.permissions.loadFailed} onRetry={() => void permissions.refetch()} />
      )}
      {!draft && !permissions.isError && <p className="muted">{de.actions.loading}</p>}

      {draft && (
        <>
          <div className="matrix-scroll">
            <table className="matrix">
              <thead>
                <tr>
                  <th scope="col" className="matrix__permission">
                    {de.permissionsScreen.permission}
                  </th>
                  {ROLES.map((role) => (
                    <th key={role} scope="col">
                      {role}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {PERMISSION_KEYS.map((key) => {
                  const label = de.permissions.labels[key];
                  return (
                    <tr key={key}>
                      <th scope="row" className="matrix__permission">
                        {label}
                      </th>
                      {ROLES.map((role) => (
                        <td key={role}>
                          <input
                            type="checkbox"
                            aria-label={de.permissionsScreen.toggle(label, role)}
                            checked={role === 'Admin' || draft[role].includes(key)}
                            disabled={role === 'Admin' || submit.busy}
                            onChange={(event) => toggle(role, key, event.target.checked)}
                          />
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <FeedbackMessage feedback={submit.feedback} />
          <div className="page__footer-actions">
            <button
              type="button"
              className="button button--primary"
              disabled={submit.busy}
              onClick={() => void onSave()}
            >
              {submit.busy ? de.actions.saving : de.permissionsScreen.save}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
