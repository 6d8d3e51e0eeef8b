// The reports' dialogs as one lazy chunk (LazyReportDialog): the initial bundle does not grow.
export { GroupReportDialog } from './GroupReportDialog';
export { ProjectReportDialog } from './ProjectReportDialog';
