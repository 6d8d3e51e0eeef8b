import type { CurrentUserDto, ProjectDocument } from '@werkboard/common';
import {
  de,
  DEFAULT_COLUMN_TITLES,
  DEFAULT_CUSTOMER_TYPE,
  DEFAULT_TEMPLATE_ICON,
  keysAfter,
  newId,
} from '@werkboard/common';

/**
 * A new template as the editor starts it (spec sections 2 and 9): 'Neue Vorlage', empty
 * description, icon clipboard, customer type Allgemein, active, the columns To Do, In
 * Bearbeitung and Erledigt, owned by the current user, revision 0. Every id is made here, so
 * the first save is PUT /templates/{id} and creates it.
 */
export function buildNewTemplate(user: Pick<CurrentUserDto, 'id' | 'username'>, now = new Date()): ProjectDocument {
  const timestamp = now.toISOString();
  const positions = keysAfter(null, DEFAULT_COLUMN_TITLES.length);
  return {
    id: newId(),
    revision: 0,
    isTemplate: true,
    status: 'active',
    name: de.templatesScreen.newTemplateName,
    description: '',
    icon: DEFAULT_TEMPLATE_ICON,
    projectNumber: '',
    customerType: DEFAULT_CUSTOMER_TYPE,
    groupId: null,
    groupAssignments: {},
    thumbnailImageId: null,
    tagIds: [],
    cardGroups: [],
    ownerId: user.id,
    ownerUsername: user.username,
    deputyOwnerId: null,
    memberIds: [],
    team: [],
    columns: DEFAULT_COLUMN_TITLES.map((title, index) => ({
      id: newId(),
      rev: 0,
      position: positions[index]!,
      title,
      cards: [],
    })),
    appointments: [],
    notes: [],
    signoffs: [],
    changeLog: [],
    lastModified: timestamp,
    createdAt: timestamp,
  };
}
