import type { ComponentProps, ReactNode } from 'react';
import { Component, lazy, Suspense } from 'react';
import { de } from '@werkboard/common';
import { Dialog } from '../../components/Dialog';

const load = () => import('./reportDialogs');
const ProjectReportDialog = lazy(() => load().then((module) => ({ default: module.ProjectReportDialog })));
const GroupReportDialog = lazy(() => load().then((module) => ({ default: module.GroupReportDialog })));

/**
 * When the chunk cannot be loaded (offline before the app was cached, or after an update
 * removed it): the spec's text in a dialog instead of a broken page.
 */
class ChunkFailure extends Component<{ onClose: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Dialog title={de.reports.dialog.pdfTitle} onClose={this.props.onClose}>
        <p role="alert" className="message message--error">
          {de.reports.errors.libraryLoadFailed}
        </p>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={this.props.onClose}>
            {de.app.close}
          </button>
        </div>
      </Dialog>
    );
  }
}

export function LazyProjectReportDialog(props: ComponentProps<typeof ProjectReportDialog>) {
  return (
    <ChunkFailure onClose={props.onClose}>
      <Suspense fallback={null}>
        <ProjectReportDialog {...props} />
      </Suspense>
    </ChunkFailure>
  );
}

export function LazyGroupReportDialog(props: ComponentProps<typeof GroupReportDialog>) {
  return (
    <ChunkFailure onClose={props.onClose}>
      <Suspense fallback={null}>
        <GroupReportDialog {...props} />
      </Suspense>
    </ChunkFailure>
  );
}
