// Without RTK Query: the app's first script reads a board ahead with it (entities/project/boardPrefetch.ts).
export const PROJECTS = '/projects';

/** /projects/{id}: a project's document (the board reads and saves it here). */
export const projectPath = (id: string) => `${PROJECTS}/${encodeURIComponent(id)}`;
