import { Dashboard } from '../dashboard/Dashboard';

/** '/': the dashboard (features/dashboard). */
export function DashboardPage() {
  return <Dashboard />;
}
