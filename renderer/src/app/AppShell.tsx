import { Outlet } from 'react-router-dom';
import { InstallCard } from '../features/install/InstallCard';
import { Footer } from './Footer';
import { NavBar } from './NavBar';
import { PageFrame } from './PageFrame';
import { useApplyTheme } from '../features/settings/useApplyTheme';
import { LocalDataBanner } from '../features/sync/LocalDataBanner';
import { useSyncTriggers } from '../entities/outbox/useSyncTriggers';
import { useAppSelector } from '../store/hooks';
import { useLiveUpdates } from './liveUpdates';

/** Navigation bar, page, footer: the frame of every logged-in route, in the user's theme. */
export function AppShell() {
  const user = useAppSelector((state) => state.auth.user);
  // The user's colours and background pattern, applied while logged in (the login page keeps the default).
  useApplyTheme();
  useSyncTriggers();
  useLiveUpdates();
  // RouteGuard only lets logged-in users in here; this keeps the types honest.
  if (!user) return null;
  return (
    <div className="app">
      <NavBar user={user} />
      <main className="app__main" id="main">
        <LocalDataBanner />
        <PageFrame>
          <Outlet />
        </PageFrame>
      </main>
      <Footer />
      <InstallCard />
    </div>
  );
}
