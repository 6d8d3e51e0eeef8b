import { canViewAdminOverview, de } from '@werkboard/common';
import { usePolicy } from '../../entities/session/usePolicy';
import { AdminProjects } from './AdminProjects';
import { AdminTemplates } from './AdminTemplates';
import { SystemInfoPanel } from './SystemInfoPanel';

/**
 * /admin, the admin overview (spec section 2): all projects by owner, the template management
 * table and the system information. The route opens for Admin and Firmenleiter; the data
 * needs can_view_admin_dashboard as well, so without it the page says so instead of loading.
 */
export function AdminPage() {
  const policy = usePolicy();
  return (
    <div className="page admin-page">
      <header className="page__header">
        <h1 className="page__title">{de.pages.admin}</h1>
      </header>
      {policy.allows(canViewAdminOverview) ? (
        <>
          <AdminProjects />
          <AdminTemplates />
          <SystemInfoPanel />
        </>
      ) : (
        <p role="alert" className="message message--error">
          {de.adminOverview.forbidden}
        </p>
      )}
    </div>
  );
}
