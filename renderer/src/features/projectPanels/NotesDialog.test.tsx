import { fireEvent, screen, within } from '@testing-library/react';
import { buildUser } from '../../test/fixtures';
import { NotesDialog } from './NotesDialog';
import { buildDocument, buildNote, member, MEMBER_ID, owner, OWNER_ID, renderWithBoard } from '../../test/board';

function notesDocument() {
  return buildDocument({
    notes: [
      buildNote('Materialbedarf', '20 m Kabel NYM', { timestamp: '2026-03-01T09:00:00.000Z' }),
      buildNote('Zugang', 'Schlüssel beim Nachbarn', {
        authorId: MEMBER_ID,
        authorUsername: 'max',
        timestamp: '2026-03-02T14:30:00.000Z',
      }),
    ],
  });
}

const newNoteForm = () => within(screen.getByRole('form', { name: 'Neue Notiz' }));
const note = (title: string) => within(screen.getByRole('listitem', { name: title }));

describe('NotesDialog', () => {
  it('lists the notes newest first with heading, content, author and de-DE time', () => {
    renderWithBoard(<NotesDialog onClose={jest.fn()} />, { document: notesDocument() });
    expect(screen.getByRole('dialog', { name: 'Notizen & Informationen' })).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'Notizen' })).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Zugang', 'Materialbedarf']);
    expect(note('Materialbedarf').getByText('20 m Kabel NYM')).toBeTruthy();
    expect(note('Zugang').getByText(/max · 02\.03\.2026/)).toBeTruthy();
  });

  it('adds a note with a preset heading, filled with the current user, and logs it', () => {
    const { current, logs } = renderWithBoard(<NotesDialog onClose={jest.fn()} />);
    const form = newNoteForm();
    expect(form.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Materialbedarf',
      'Informationen',
      'Notiz',
      'Eigene Überschrift …',
    ]);
    fireEvent.change(form.getByLabelText('Überschrift'), { target: { value: 'Materialbedarf' } });
    fireEvent.change(form.getByLabelText('Inhalt'), { target: { value: ' 5 Dosen ' } });
    fireEvent.click(form.getByRole('button', { name: 'Notiz hinzufügen' }));

    expect(current().notes).toEqual([
      expect.objectContaining({
        title: 'Materialbedarf',
        content: '5 Dosen',
        authorId: OWNER_ID,
        authorUsername: 'paula',
        rev: 0,
      }),
    ]);
    expect(logs).toEqual(['hat die Notiz „Materialbedarf“ hinzugefügt.']);
    expect(note('Materialbedarf').getByText('5 Dosen')).toBeTruthy();
  });

  it('adds a note with a custom heading', () => {
    const { current } = renderWithBoard(<NotesDialog onClose={jest.fn()} />);
    const form = newNoteForm();
    fireEvent.change(form.getByLabelText('Überschrift'), { target: { value: '__custom__' } });
    fireEvent.change(form.getByLabelText('Eigene Überschrift'), { target: { value: 'Baustellenzugang' } });
    fireEvent.change(form.getByLabelText('Inhalt'), { target: { value: 'Tor hinten' } });
    fireEvent.click(form.getByRole('button', { name: 'Notiz hinzufügen' }));
    expect(current().notes[0]).toMatchObject({ title: 'Baustellenzugang', content: 'Tor hinten' });
  });

  it('refuses an empty heading or content with the spec message and does not update', () => {
    const { update } = renderWithBoard(<NotesDialog onClose={jest.fn()} />);
    const form = newNoteForm();
    fireEvent.change(form.getByLabelText('Inhalt'), { target: { value: '   ' } });
    fireEvent.click(form.getByRole('button', { name: 'Notiz hinzufügen' }));
    expect(form.getByRole('alert').textContent).toBe('Überschrift und Inhalt dürfen nicht leer sein.');

    fireEvent.change(form.getByLabelText('Überschrift'), { target: { value: '__custom__' } });
    fireEvent.change(form.getByLabelText('Inhalt'), { target: { value: 'Text' } });
    fireEvent.click(form.getByRole('button', { name: 'Notiz hinzufügen' }));
    expect(form.getByRole('alert').textContent).toBe('Überschrift und Inhalt dürfen nicht leer sein.');
    expect(update).not.toHaveBeenCalled();
  });

  it('lets a Monteur edit and delete only own notes', () => {
    const { current, logs } = renderWithBoard(<NotesDialog onClose={jest.fn()} />, {
      document: notesDocument(),
      user: member,
    });
    expect(note('Materialbedarf').queryByRole('button', { name: 'Bearbeiten' })).toBeNull();
    expect(note('Materialbedarf').queryByRole('button', { name: 'Löschen' })).toBeNull();

    fireEvent.click(note('Zugang').getByRole('button', { name: 'Bearbeiten' }));
    const form = within(screen.getByRole('form', { name: 'Notiz bearbeiten' }));
    expect(form.getByLabelText<HTMLInputElement>('Eigene Überschrift').value).toBe('Zugang');
    fireEvent.change(form.getByLabelText('Inhalt'), { target: { value: 'Schlüssel im Büro' } });
    fireEvent.click(form.getByRole('button', { name: 'Speichern' }));
    expect(current().notes.find((item) => item.title === 'Zugang')?.content).toBe('Schlüssel im Büro');

    fireEvent.click(note('Zugang').getByRole('button', { name: 'Löschen' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Notiz löschen' })).getByRole('button', { name: 'Löschen' }),
    );
    expect(current().notes.map((item) => item.title)).toEqual(['Materialbedarf']);
    expect(logs).toEqual(['hat die Notiz „Zugang“ bearbeitet.', 'hat die Notiz „Zugang“ gelöscht.']);
  });

  it('lets a Firmenleiter change any note', () => {
    const boss = buildUser('Firmenleiter', { id: '33333333-3333-4333-8333-333333333333', username: 'chefin' });
    renderWithBoard(<NotesDialog onClose={jest.fn()} />, { document: notesDocument(), user: boss });
    expect(note('Materialbedarf').getByRole('button', { name: 'Bearbeiten' })).toBeTruthy();
    expect(note('Zugang').getByRole('button', { name: 'Löschen' })).toBeTruthy();
  });

  it('shows only the list in a read-only project', () => {
    renderWithBoard(<NotesDialog onClose={jest.fn()} />, { document: notesDocument(), user: owner, readOnly: true });
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Bearbeiten' })).toBeNull();
    expect(note('Materialbedarf').getByText('20 m Kabel NYM')).toBeTruthy();
  });
});
