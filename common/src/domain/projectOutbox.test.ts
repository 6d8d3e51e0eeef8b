import type { CardDto, ProjectDocument } from '../dto/projects';
import { reportCard, reportColumn, reportProject, time, USER } from '../test/reportFixture';
import { rebasedSave, rebaseDocument } from './projectOutbox';

/** A project at revision 12 with one column of two cards, the first with Paula's hour. */
function project(): ProjectDocument {
  const cards = [reportCard('Kabel ziehen', { timeEntries: [time(USER.paula, 'paula', '2026-11-20', 1)] })];
  cards.push(reportCard('Dosen setzen'));
  return reportProject({ revision: 12, columns: [reportColumn('To Do', 'a0', cards)] });
}

/** A copy that shares nothing (common's tests run without DOM or Node types). */
const copyOf = (document: ProjectDocument) => JSON.parse(JSON.stringify(document)) as ProjectDocument;
const cardsOf = (document: ProjectDocument) => document.columns.flatMap((column) => column.cards);

describe('rebaseDocument: parents survive their children, as in the server merge', () => {
  it('brings back a card this device deleted when someone else booked hours on it since, with what it held', () => {
    const base = project();
    const [doomed, other] = cardsOf(base) as [CardDto, CardDto];
    // Offline: this device deletes the first card.
    const ours = copyOf(base);
    ours.columns[0]!.cards = ours.columns[0]!.cards.filter((card) => card.id !== doomed.id);
    // Meanwhile Max books an hour on it (revision 13); the answer is at 14.
    const theirs = copyOf(base);
    theirs.revision = 14;
    const hours = { ...time(USER.max, 'max', '2026-11-21', 2), rev: 13 };
    theirs.columns[0]!.cards[0]!.timeEntries.push(hours);

    const rebased = rebaseDocument(base, ours, theirs);
    const kept = cardsOf(rebased).find((card) => card.id === doomed.id);
    expect(kept?.timeEntries.map((entry) => entry.id)).toEqual([...doomed.timeEntries.map((e) => e.id), hours.id]);
    expect(cardsOf(rebased)).toContainEqual(other);
    // The next save deletes nothing: not Max's hour, not the card.
    expect(rebasedSave({ base, document: ours }, theirs).body.deleted).toEqual([]);
  });

  it('brings back a column this device deleted when someone else moved a card into it since', () => {
    const base = project();
    base.columns.push(reportColumn('Fertig', 'b0', []));
    const done = base.columns[1]!;
    const ours = copyOf(base);
    ours.columns = ours.columns.filter((column) => column.id !== done.id);
    const theirs = copyOf(base);
    theirs.revision = 14;
    const moved = { ...theirs.columns[0]!.cards.pop()!, rev: 13, position: 'a0' };
    theirs.columns[1]!.cards.push(moved);

    const rebased = rebaseDocument(base, ours, theirs);
    expect(rebased.columns.map((column) => column.id)).toEqual([base.columns[0]!.id, done.id]);
    expect(rebased.columns[1]!.cards.map((card) => card.id)).toEqual([moved.id]);
    expect(rebasedSave({ base, document: ours }, theirs).body.deleted).toEqual([]);
  });

  it('brings back a card someone else deleted when this device booked hours on it meanwhile', () => {
    const base = project();
    const card = cardsOf(base)[1]!;
    const ours = copyOf(base);
    const hours = time(USER.paula, 'paula', '2026-11-22', 3);
    ours.columns[0]!.cards[1]!.timeEntries.push({ ...hours, rev: 0 });
    const theirs = copyOf(base);
    theirs.revision = 14;
    theirs.columns[0]!.cards = theirs.columns[0]!.cards.filter((each) => each.id !== card.id);

    const rebased = rebaseDocument(base, ours, theirs);
    expect(
      cardsOf(rebased)
        .find((each) => each.id === card.id)
        ?.timeEntries.map((entry) => entry.id),
    ).toEqual([hours.id]);
    const { body } = rebasedSave({ base, document: ours }, theirs);
    expect(body.timeEntries.map((entry) => entry.id)).toEqual([hours.id]);
    expect(body.cards.map((each) => each.id)).toEqual([card.id]);
  });

  it('still deletes what nobody else touched since', () => {
    const base = project();
    const doomed = cardsOf(base)[0]!;
    const ours = copyOf(base);
    ours.columns[0]!.cards = ours.columns[0]!.cards.filter((card) => card.id !== doomed.id);
    const theirs = copyOf(base);
    theirs.revision = 14;
    theirs.columns[0]!.cards[1]!.title = 'Dosen setzen (Max)';
    theirs.columns[0]!.cards[1]!.rev = 13;

    const rebased = rebaseDocument(base, ours, theirs);
    expect(cardsOf(rebased).map((card) => card.title)).toEqual(['Dosen setzen (Max)']);
    expect(rebasedSave({ base, document: ours }, theirs).body.deleted.sort()).toEqual(
      [doomed.id, ...doomed.timeEntries.map((entry) => entry.id)].sort(),
    );
  });
});
