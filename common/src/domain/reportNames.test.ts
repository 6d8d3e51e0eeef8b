import { assigneeNames, projectPeople, tagLabels } from './reportNames';
import { reportProject, TAG_URGENT, USER } from '../test/reportFixture';

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
});
