import type { ProjectSummaryDto, TemplateSummaryDto } from '@werkboard/common';

/** Test data: a row of GET /api/projects (and /projects/archived). */
export function buildProjectSummary(overrides: Partial<ProjectSummaryDto> = {}): ProjectSummaryDto {
  return {
    id: 'p-1',
    revision: 1,
    name: 'Projekt',
    description: '',
    icon: 'briefcase',
    projectNumber: '',
    customerType: 'Allgemein',
    status: 'active',
    ownerId: 'user-owner',
    ownerUsername: 'owner',
    deputyOwnerId: null,
    memberIds: [],
    groupId: null,
    tagIds: [],
    thumbnailImageId: null,
    cardCount: 0,
    doneCount: 0,
    lastModified: new Date().toISOString(),
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Test data: a row of GET /api/templates (and /templates/archived). */
export function buildTemplateSummary(overrides: Partial<TemplateSummaryDto> = {}): TemplateSummaryDto {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Standard',
    description: '',
    icon: 'clipboard',
    customerType: 'Allgemein',
    ownerId: null,
    ownerUsername: null,
    columnTitles: ['To Do', 'In Bearbeitung', 'Erledigt'],
    ...overrides,
  };
}
