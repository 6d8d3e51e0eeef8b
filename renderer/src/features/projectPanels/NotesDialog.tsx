import type { FormEvent } from 'react';
import { useState } from 'react';
import type { NoteDto } from '@werkboard/common';
import { canChangeNote, de, newId, NOTE_HEADINGS } from '@werkboard/common';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Dialog } from '../../components/Dialog';
import { FormField } from '../../components/FormField';
import { useAppSelector } from '../../store/hooks';
import { formatDateTime } from '../../utils/format';
import { usePolicy } from '../../entities/session/usePolicy';
import { useOpenProject } from '../../entities/project/useOpenProject';
import { ValueOptions } from '../../components/ValueOptions';

const t = de.projectPanels.notes;
const log = de.projectPanels.log;
const CUSTOM = '__custom__';

interface NoteValues {
  title: string;
  content: string;
}

function isPreset(title: string): boolean {
  return (NOTE_HEADINGS as readonly string[]).includes(title);
}

/** Heading (preset or own) and content; 'Überschrift und Inhalt dürfen nicht leer sein.' when one is blank. */
function NoteForm({
  initial,
  legend,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: NoteValues;
  legend: string;
  submitLabel: string;
  onSubmit: (values: NoteValues) => void;
  onCancel?: () => void;
}) {
  const [heading, setHeading] = useState(isPreset(initial.title) || !initial.title ? initial.title || 'Notiz' : CUSTOM);
  const [customHeading, setCustomHeading] = useState(isPreset(initial.title) ? '' : initial.title);
  const [content, setContent] = useState(initial.content);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const title = (heading === CUSTOM ? customHeading : heading).trim();
    const text = content.trim();
    if (!title || !text) {
      setError(de.projects.noteInvalid);
      return;
    }
    setError(null);
    onSubmit({ title, content: text });
    if (!onCancel) {
      setContent('');
      setCustomHeading('');
    }
  };

  return (
    <form className="form note-form" onSubmit={submit} noValidate aria-label={legend}>
      <fieldset className="fieldset">
        <legend>{legend}</legend>
        <FormField label={t.heading}>
          <select value={heading} onChange={(event) => setHeading(event.target.value)}>
            <ValueOptions values={NOTE_HEADINGS} />
            <option value={CUSTOM}>{t.customHeadingOption}</option>
          </select>
        </FormField>
        {heading === CUSTOM && (
          <FormField label={t.customHeading}>
            <input
              type="text"
              autoComplete="off"
              value={customHeading}
              onChange={(event) => setCustomHeading(event.target.value)}
            />
          </FormField>
        )}
        <FormField label={t.content}>
          <textarea rows={4} value={content} onChange={(event) => setContent(event.target.value)} />
        </FormField>
        {error && (
          <p role="alert" className="message message--error">
            {error}
          </p>
        )}
        <div className="form__actions">
          {onCancel && (
            <button type="button" className="button button--secondary" onClick={onCancel}>
              {de.actions.cancel}
            </button>
          )}
          <button type="submit" className="button button--primary">
            {submitLabel}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

/**
 * 'Notizen & Informationen': the project's notes, newest first. Adding is open to everyone
 * working on the project; editing and deleting to the author, Admin and Firmenleiter. In a
 * read-only project only the list shows.
 */
export function NotesDialog({ onClose }: { onClose: () => void }) {
  const { document, readOnly, update } = useOpenProject();
  const user = useAppSelector((state) => state.auth.user);
  const { actor } = usePolicy();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<NoteDto | null>(null);

  const notes = [...document.notes].sort((a, b) =>
    a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : 0,
  );
  const mayChange = (note: NoteDto) => !readOnly && actor !== null && canChangeNote(actor, note);

  const add = ({ title, content }: NoteValues) => {
    const note: NoteDto = {
      id: newId(),
      rev: 0,
      title,
      content,
      // The server sets the author to the caller anyway; filled here so the list shows it at once.
      authorId: user?.id ?? null,
      authorUsername: user?.username ?? '',
      timestamp: new Date().toISOString(),
    };
    update((draft) => {
      draft.notes.push(note);
    }, log.noteAdded(title));
  };

  const save = (note: NoteDto, values: NoteValues) => {
    setEditingId(null);
    if (values.title === note.title && values.content === note.content) return;
    update((draft) => {
      const target = draft.notes.find((candidate) => candidate.id === note.id);
      if (!target) return;
      target.title = values.title;
      target.content = values.content;
    }, log.noteEdited(values.title));
  };

  const remove = (note: NoteDto) => {
    setDeleting(null);
    update((draft) => {
      draft.notes = draft.notes.filter((candidate) => candidate.id !== note.id);
    }, log.noteDeleted(note.title));
  };

  return (
    <Dialog title={t.title} onClose={onClose} wide>
      {!readOnly && (
        <NoteForm initial={{ title: 'Notiz', content: '' }} legend={t.newNote} submitLabel={t.add} onSubmit={add} />
      )}
      {notes.length === 0 ? (
        <p className="muted">{t.empty}</p>
      ) : (
        <ul className="note-list" aria-label={t.listLabel}>
          {notes.map((note) => (
            <li key={note.id} className="note-list__item" aria-label={note.title}>
              {editingId === note.id ? (
                <NoteForm
                  initial={note}
                  legend={t.editNote}
                  submitLabel={de.actions.save}
                  onSubmit={(values) => save(note, values)}
                  onCancel={() => setEditingId(null)}
                />
              ) : (
                <article className="note">
                  <header className="note__header">
                    <h3 className="note__title">{note.title}</h3>
                    {mayChange(note) && (
                      <span className="row-actions">
                        <button
                          type="button"
                          className="button button--secondary button--small"
                          onClick={() => setEditingId(note.id)}
                        >
                          {de.actions.edit}
                        </button>
                        <button
                          type="button"
                          className="button button--danger-outline button--small"
                          onClick={() => setDeleting(note)}
                        >
                          {de.actions.delete}
                        </button>
                      </span>
                    )}
                  </header>
                  <p className="note__content">{note.content}</p>
                  <p className="note__meta muted">
                    {t.byAuthor(note.authorUsername, formatDateTime(note.timestamp) ?? '')}
                  </p>
                </article>
              )}
            </li>
          ))}
        </ul>
      )}
      {deleting && (
        <ConfirmDialog
          title={t.deleteTitle}
          confirmLabel={de.actions.delete}
          danger
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        >
          <p>{t.deleteQuestion(deleting.title)}</p>
        </ConfirmDialog>
      )}
    </Dialog>
  );
}
