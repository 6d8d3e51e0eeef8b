import type { FormEvent } from 'react';
import { useState } from 'react';
import { de, DEFAULT_CUSTOMER_TYPE } from '@werkboard/common';
import { serverMessageOr } from '../../api/errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormField } from '../../components/FormField';
import { useSubmit } from '../../components/useSubmit';
import { useAppDispatch } from '../../store/hooks';
import type { CatalogData } from './catalogData';
import { createCustomerType, deleteCustomerType, renameCustomerType } from '../../api/endpoints/customerTypes';
import { sameName } from '../../utils/names';
import { ValueOptions } from '../../components/ValueOptions';

const t = de.organise.settings;

interface PanelProps {
  data: CatalogData;
  editable: boolean;
  onRenamed: (from: string, to: string) => void;
}

/** Not empty and not another type's name (case-insensitive); the spec's one combined message. */
function nameProblem(name: string, types: readonly string[], except: string | null): string | null {
  const trimmed = name.trim();
  if (!trimmed) return t.typeInvalid;
  return types.some((type) => type !== except && sameName(type, trimmed)) ? t.typeInvalid : null;
}

/** The Kundentypen tab: list, add (optionally copying tags), rename and delete. */
export function CustomerTypesPanel({ data, editable, onRenamed }: PanelProps) {
  const dispatch = useAppDispatch();
  const [renaming, setRenaming] = useState<{ from: string; name: string } | null>(null);
  // The name's own problem (empty, taken) or the server's refusal, under the field.
  const [renameProblem, setRenameProblem] = useState<string | undefined>();
  const renameSave = useSubmit();
  const renameError = renameProblem ?? renameSave.error ?? undefined;
  const [deleting, setDeleting] = useState<string | null>(null);
  const removal = useSubmit();
  const busy = renameSave.busy || removal.busy;

  const tagCount = (type: string) => data.tags.filter((tag) => tag.customerType === type).length;

  const startRename = (from: string) => {
    setRenameProblem(undefined);
    renameSave.clear();
    setRenaming({ from, name: from });
  };

  const rename = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!renaming || busy) return;
    const { from } = renaming;
    const name = renaming.name.trim();
    if (name === from) {
      setRenaming(null);
      return;
    }
    const problem = nameProblem(name, data.types, from);
    setRenameProblem(problem ?? undefined);
    if (problem) return;
    await renameSave.run(
      async () => {
        onRenamed(from, await dispatch(renameCustomerType(from, name)));
        setRenaming(null);
      },
      (caught) => serverMessageOr(caught, t.typeSaveFailed),
    );
  };

  const remove = async () => {
    if (!deleting || busy) return;
    const type = deleting;
    const done = await removal.run(
      () => dispatch(deleteCustomerType(type)),
      (caught) => serverMessageOr(caught, t.typeDeleteFailed),
    );
    if (done) setDeleting(null);
  };

  return (
    <div className="catalog-panel">
      <ul className="catalog-list" aria-label={t.typesList}>
        {data.types.map((type) => {
          const isDefault = type === DEFAULT_CUSTOMER_TYPE;
          const count = tagCount(type);
          if (renaming?.from === type) {
            return (
              <li key={type} className="catalog-item" aria-label={type}>
                <form className="catalog-item__form" onSubmit={(event) => void rename(event)} noValidate>
                  <FormField label={t.renameLabel(type)} error={renameError}>
                    <input
                      type="text"
                      autoComplete="off"
                      value={renaming.name}
                      onChange={(event) => setRenaming({ from: type, name: event.target.value })}
                      onKeyDown={(event) => {
                        if (event.key === 'Escape') {
                          event.stopPropagation();
                          setRenaming(null);
                        }
                      }}
                    />
                  </FormField>
                  <span className="row-actions">
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      onClick={() => setRenaming(null)}
                    >
                      {de.actions.cancel}
                    </button>
                    <button type="submit" className="button button--primary button--small" disabled={busy}>
                      {t.rename}
                    </button>
                  </span>
                </form>
              </li>
            );
          }
          return (
            <li key={type} className="catalog-item" aria-label={type}>
              <div className="catalog-item__main">
                <span className="catalog-item__name">{type}</span>
                {isDefault && <span className="catalog-badge">{t.defaultType}</span>}
                <span className="muted catalog-item__meta">{t.tagCount(count)}</span>
              </div>
              {editable && !isDefault && (
                <span className="row-actions">
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    aria-label={t.renameType(type)}
                    onClick={() => startRename(type)}
                  >
                    {t.rename}
                  </button>
                  <button
                    type="button"
                    className="button button--danger-outline button--small"
                    aria-label={t.deleteType(type)}
                    onClick={() => {
                      removal.setError(null);
                      setDeleting(type);
                    }}
                  >
                    {de.actions.delete}
                  </button>
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {editable && <p className="muted catalog-note">{t.defaultLocked}</p>}
      {editable && <AddCustomerTypeForm types={data.types} />}
      {deleting && (
        <ConfirmDialog
          title={t.deleteTypeTitle}
          confirmLabel={de.actions.delete}
          busyLabel={de.actions.deleting}
          busy={busy}
          danger
          error={removal.error}
          onConfirm={() => void remove()}
          onCancel={() => setDeleting(null)}
        >
          <p>{t.deleteTypeQuestion(deleting)}</p>
          <p className="muted">{t.deleteTypeConsequences}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** Adds a type; copied tags get new ids on the server, so the cached tags are read again then. */
function AddCustomerTypeForm({ types }: { types: string[] }) {
  const dispatch = useAppDispatch();
  const [name, setName] = useState('');
  const [copyFrom, setCopyFrom] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const submit = useSubmit();
  const saving = submit.busy;
  const error = problem ?? submit.error ?? undefined;

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const found = nameProblem(name, types, null);
    setProblem(found ?? undefined);
    if (found) {
      submit.clear();
      return;
    }
    const added = await submit.run(
      () => dispatch(createCustomerType({ name: name.trim(), copyTagsFrom: copyFrom || null })),
      (caught) => serverMessageOr(caught, t.typeSaveFailed),
    );
    if (!added) return;
    setName('');
    setCopyFrom('');
  };

  return (
    <form className="catalog-add" aria-label={t.addType} onSubmit={(event) => void add(event)} noValidate>
      <FormField label={t.newType} error={error}>
        <input type="text" autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} />
      </FormField>
      <FormField label={de.organise.customerTypes.copyTagsFrom} optional>
        <select value={copyFrom} onChange={(event) => setCopyFrom(event.target.value)}>
          <option value="">{de.organise.customerTypes.noCopy}</option>
          <ValueOptions values={types} />
        </select>
      </FormField>
      <button type="submit" className="button button--secondary" disabled={saving}>
        {saving ? de.actions.saving : t.addType}
      </button>
    </form>
  );
}
