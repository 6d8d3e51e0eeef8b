/**
 * The one public entry of @werkboard/common: server, renderer and desktop import only this.
 * Inside, files are sorted by kind (README.md): API types, request schemas, policies, the
 * German messages, and pure domain logic with its constants.
 */
export * from './dto/admin';
export * from './dto/app';
export * from './dto/desktopBridge';
export * from './dto/images';
export * from './dto/live';
export * from './dto/messages';
export * from './dto/organisation';
export * from './dto/projects';
export * from './dto/team';
export * from './dto/transfer';
export * from './dto/users';

export * from './schemas/auth';
export * from './schemas/customerTypes';
export * from './schemas/fields';
export * from './schemas/images';
export * from './schemas/license';
export * from './schemas/messages';
export * from './schemas/permissions';
export * from './schemas/projectGroups';
export * from './schemas/projects';
export * from './schemas/search';
export * from './schemas/settings';
export * from './schemas/push';
export * from './schemas/team';
export * from './schemas/templates';
export * from './schemas/transfer';
export * from './schemas/users';
export * from './schemas/validate';

export * from './policies/access';
export * from './policies/admin';
export * from './policies/limits';
export * from './policies/messages';
export * from './policies/navigation';
export * from './policies/organisation';
export * from './policies/projects';
export * from './policies/team';
export * from './policies/transfer';
export * from './policies/users';

export * from './messages';

export * from './domain/appointments';
export * from './domain/boardOperations';
export * from './domain/drafts';
export * from './domain/signoffs';
export * from './domain/cardGroups';
export * from './domain/columnTone';
export * from './domain/constants';
export * from './domain/projectGroups';
export * from './domain/projectLimits';
export * from './domain/idempotencyKey';
export * from './domain/csv';
export * from './domain/format';
export * from './domain/kwp';
export * from './domain/permissions';
export * from './domain/progress';
export * from './domain/projectEditing';
export * from './domain/relativeTime';
export * from './domain/reportNames';
export * from './domain/reportOptions';
export * from './domain/roles';
export * from './domain/seededRandom';
export * from './domain/settings';
export * from './domain/sortKey';
export * from './domain/typedInput';
export * from './domain/projectDelta';
export * from './domain/projectOutbox';
export * from './domain/tags';
export * from './domain/totals';
export * from './domain/uuid';
