import type { ReactNode } from 'react';
import { Component } from 'react';
import { deStart } from '@werkboard/common';

/** Space kept for the page while its chunk loads, so the footer does not jump (issue 19). */
export function PageLoading() {
  return (
    <p className="page-loading" role="status">
      {deStart.app.loading}
    </p>
  );
}

/**
 * The board's space while its chunk loads: the box of the board page (.project-page keeps the
 * viewport's height below the top bar, as the board's own loading state), so the phone's footer
 * stays below the fold until and after the board arrives (a layout shift of 0.075 when the
 * frame came before the board's chunk).
 */
export function BoardLoading() {
  return (
    <div className="project-page">
      <PageLoading />
    </div>
  );
}

interface BoundaryState {
  failed: boolean;
}

/**
 * A page whose chunk cannot be loaded (offline before the service worker had cached it) gets a
 * German message and a retry instead of a blank screen. Only for loading: the pages handle
 * their own data errors.
 */
class PageLoadBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="page-loading" role="alert">
        <p>{deStart.app.pageLoadFailed}</p>
        <button type="button" className="button" onClick={() => this.setState({ failed: false })}>
          {deStart.actions.retry}
        </button>
      </div>
    );
  }
}

/**
 * Where a lazily loaded page renders: a retry on failure. The loading space is the page's own
 * (lazyPage, ApiCacheGate); nothing inside suspends (React holds a Suspense boundary's content
 * back until 300 ms after its fallback appeared).
 */
export function PageFrame({ children }: { children: ReactNode }) {
  return <PageLoadBoundary>{children}</PageLoadBoundary>;
}
