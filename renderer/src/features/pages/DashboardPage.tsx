import { de } from '@werkboard/common';
import { PlaceholderPage } from './PlaceholderPage';

/** '/': the dashboard. Projects, appointments and groups come with later issues. */
export function DashboardPage() {
  return <PlaceholderPage title={de.pages.dashboard} />;
}
