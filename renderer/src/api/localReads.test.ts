import type { ProjectSummaryDto } from '@werkboard/common';
import { withQueuedProgress } from './localReads';

const ID = '0b4f6a52-8d0e-4a8e-9b51-3f3f0c2d9a10';

function summary(id: string, cardCount: number, doneCount: number): ProjectSummaryDto {
  return {
    ...{ id, revision: 3, name: 'Bad Müller', description: '', icon: 'briefcase', projectNumber: '' },
    ...{ customerType: 'Allgemein', status: 'active', ownerId: null, ownerUsername: null, deputyOwnerId: null },
    ...{ memberIds: [], groupId: null, tagIds: [], thumbnailImageId: null, cardCount, doneCount },
    ...{ lastModified: '2026-11-20T08:00:00.000Z', createdAt: '2026-11-01T08:00:00.000Z' },
  };
}

const cards = (count: number) => Array.from({ length: count }, (_, index) => ({ id: `c${index}` }));

describe('withQueuedProgress', () => {
  it("shows a project's progress from the device's queued copy, not the server's older count", () => {
    // The server has 1/4; on the device a card was added and one moved to the last column: 2/5.
    const queued = { columns: [{ cards: cards(2) }, { cards: cards(1) }, { cards: cards(2) }] };
    const local = { pendingDocument: (path: string) => (path === `/projects/${ID}` ? queued : undefined) };
    const other = summary('7c0e1d2a-1111-4c4c-8a8a-000000000001', 3, 1);

    const shown = withQueuedProgress([summary(ID, 4, 1), other], local);

    expect(shown[0]).toMatchObject({ id: ID, cardCount: 5, doneCount: 2 });
    // Nothing queued: the server's summary as it came.
    expect(shown[1]).toBe(other);
  });
});
