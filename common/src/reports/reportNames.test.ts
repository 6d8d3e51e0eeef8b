import { assigneeNames, projectPeople, safeFileName, tagLabels } from './reportNames';
import { reportProject, TAG_URGENT, USER } from './reportFixture';

describe('report names', () => {
  it('maps team members by id and external workers as ext-<id>', () => {
    const names = assigneeNames([{ id: USER.max, username: 'max' }], [{ id: 'e1', name: 'Schulz GmbH' }]);
    expect([...names]).toEqual([
      [USER.max, 'max'],
      ['ext-e1', 'Schulz GmbH'],
    ]);
  });

  it('finds owner, deputy and members', () => {
    expect(projectPeople(reportProject())).toEqual({ owner: 'paula', deputy: 'max', members: [] });
  });

  it('leaves out tags that no longer exist', () => {
    expect(tagLabels([TAG_URGENT, 'gone'], new Map([[TAG_URGENT, { label: 'Dringend' }]]))).toEqual(['Dringend']);
  });

  it('makes file names safe for Windows and paths', () => {
    expect(safeFileName('Projektbericht - Bad 1/2: "Süd" <neu>.pdf')).toBe('Projektbericht - Bad 1_2_ _Süd_ _neu_.pdf');
    expect(safeFileName('..\\..\\x')).toBe('___.._x');
    expect(safeFileName('   ')).toBe('_');
  });
});
