import { isManagementRole } from '../domain/roles';
import { type Actor, can } from './access';

/**
 * Who may organise (spec section 6): project groups, customer types and tags, templates.
 * The server checks every route with these; the renderer hides what they refuse.
 */

export function canManageProjectGroups(actor: Actor): boolean {
  return can(actor, 'can_manage_project_groups');
}

export function canManageCustomerTypes(actor: Actor): boolean {
  return can(actor, 'can_manage_customer_types');
}

/** The part of a template its rules need: ownerId null means global. */
export interface TemplateFacts {
  ownerId: string | null;
}

export function isGlobalTemplate(template: TemplateFacts): boolean {
  return template.ownerId === null;
}

/** Global templates and one's own; Admin and Firmenleiter see every template. */
export function canReadTemplate(actor: Actor, template: TemplateFacts): boolean {
  return isGlobalTemplate(template) || template.ownerId === actor.id || isManagementRole(actor.role);
}

/** Create button, 'save as template' and new templates in the editor: can_manage_templates. */
export function canCreateTemplate(actor: Actor): boolean {
  return can(actor, 'can_manage_templates');
}

/**
 * Editing: Admin any template; global ones with can_manage_global_templates; one's own with
 * can_manage_own_templates.
 */
export function canEditTemplate(actor: Actor, template: TemplateFacts): boolean {
  if (actor.role === 'Admin') return true;
  if (isGlobalTemplate(template)) return can(actor, 'can_manage_global_templates');
  return template.ownerId === actor.id && can(actor, 'can_manage_own_templates');
}

/** Deleting (to the archive) needs can_manage_templates and the right to edit that template. */
export function canDeleteTemplate(actor: Actor, template: TemplateFacts): boolean {
  return actor.role === 'Admin' || (can(actor, 'can_manage_templates') && canEditTemplate(actor, template));
}

/** Only the template's owner shares it (a personal copy for someone else). */
export function canShareTemplate(actor: Actor, template: TemplateFacts): boolean {
  return template.ownerId === actor.id && can(actor, 'can_manage_own_templates');
}

/** A global template, made or published: only Admin and Firmenleiter, with can_manage_global_templates. */
export function canMakeGlobalTemplates(actor: Actor): boolean {
  return isManagementRole(actor.role) && can(actor, 'can_manage_global_templates');
}

/** Publishing a personal template globally (irreversible). */
export function canPublishTemplate(actor: Actor, template: TemplateFacts): boolean {
  return !isGlobalTemplate(template) && canMakeGlobalTemplates(actor) && canEditTemplate(actor, template);
}
