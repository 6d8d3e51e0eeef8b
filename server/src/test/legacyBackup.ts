/**
 * A backup file as the existing product writes it (spec sections 3 and 9): version 2 with
 * projects, templates, customer types and tags only; ids made from timestamps and counters
 * (no UUIDs), cards and columns without sort keys, time entries and appointments with full
 * ISO timestamps in UTC, hours with a decimal comma, tags keyed by customer type, an external
 * worker as 'ext-<id>' assignee, owners and members by the old installation's user ids.
 */
export const LEGACY_BACKUP = {
  type: 'Werkboard-backup',
  version: 2,
  timestamp: '2025-03-14T16:20:11.512Z',
  data: {
    customerTypes: ['Allgemein', 'Privatkunde', 'Großkunde'],
    tags: {
      Privatkunde: [
        { id: 'tag-1710425000001', label: 'Dringend', color: 'red', priority: 3 },
        { id: 'tag-1710425000002', label: 'Material fehlt', color: 'amber', priority: 2 },
      ],
      Großkunde: [{ id: 'tag-1710425000003', label: 'Abnahme', color: 'green', priority: 1 }],
    },
    projects: [
      {
        id: 'project-1710425100000',
        name: 'Bad Müller, Hauptstraße 5',
        description: 'Komplettsanierung Bad im OG, Wanne raus, bodengleiche Dusche rein.',
        icon: 'home',
        projectNumber: '2025-014',
        customerType: 'Privatkunde',
        status: 'active',
        ownerId: '1',
        ownerUsername: 'chef',
        deputyOwnerId: null,
        memberIds: ['2'],
        groupId: null,
        groupAssignments: { Elektro: 'ext-3' },
        thumbnailImageId: null,
        tagIds: ['tag-1710425000001'],
        cardGroups: ['Sanitär', 'Elektro'],
        columns: [
          {
            id: 'col-1710425100001',
            title: 'To Do',
            cards: [
              {
                id: 'card-1710425200001',
                title: 'Vorwandinstallation setzen',
                description: 'Geberit Duofix, WC und Waschtisch',
                tagIds: ['tag-1710425000001', 'tag-1710425000002'],
                group: 'Sanitär',
                assignedTo: '2',
                timeEntries: [
                  {
                    id: 'time-1710425300001',
                    userId: '2',
                    username: 'mario',
                    date: '2025-03-12T23:30:00.000Z',
                    hours: '3,5',
                  },
                ],
                materialEntries: [
                  { id: 'mat-1710425400001', quantity: 2, unit: 'Stk', name: 'Geberit Duofix Element' },
                ],
              },
              {
                id: 'card-1710425200002',
                title: 'Steckdosen und Spiegelleuchte',
                description: '',
                tagIds: [],
                group: 'Elektro',
                assignedTo: 'ext-3',
                timeEntries: [],
                materialEntries: [],
              },
            ],
          },
          {
            id: 'col-1710425100002',
            title: 'In Bearbeitung',
            cards: [
              {
                id: 'card-1710425200003',
                title: 'Altes Bad zurückbauen',
                description: '',
                tagIds: [],
                group: 'Sanitär',
                assignedTo: null,
                timeEntries: [
                  {
                    id: 'time-1710425300002',
                    userId: '1',
                    username: 'chef',
                    date: '2025-03-10T07:00:00.000Z',
                    hours: 6,
                  },
                ],
                materialEntries: [],
              },
            ],
          },
          { id: 'col-1710425100003', title: 'Erledigt', cards: [] },
        ],
        appointments: [
          {
            id: 'apt-1710425500001',
            title: 'Abnahme mit Frau Müller',
            date: '2025-03-20T08:30:00.000Z',
            status: 'active',
            contactName: 'Frau Müller',
            contactPhone: '0171 1234567',
            tagIds: [],
            notes: 'Schlüssel beim Nachbarn',
            projectId: 'project-1710425100000',
          },
        ],
        notes: [
          {
            id: 'note-1710425600001',
            title: 'Materialbedarf',
            content: 'Fliesenkleber 5 Sack, Silikon weiß',
            authorId: '1',
            authorUsername: 'chef',
            timestamp: '2025-03-12T10:00:00.000Z',
          },
        ],
        changeLog: [
          {
            id: 'log-1710425700001',
            timestamp: '2025-03-12T10:00:00.000Z',
            userId: '1',
            username: 'chef',
            action: 'hat das Projekt erstellt.',
          },
        ],
      },
    ],
    templates: [
      {
        id: 'template-1710420000000',
        name: 'Badsanierung',
        description: 'Ablauf einer Badsanierung',
        icon: 'clipboard',
        customerType: 'Privatkunde',
        ownerId: null,
        ownerUsername: null,
        status: 'active',
        cardGroups: ['Sanitär'],
        columns: [
          { id: 'tcol-1', title: 'To Do', cards: [{ id: 'tcard-1', title: 'Aufmaß nehmen', group: 'Sanitär' }] },
          { id: 'tcol-2', title: 'Erledigt', cards: [] },
        ],
      },
    ],
  },
};
