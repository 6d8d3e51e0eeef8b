import type { FormEvent } from 'react';
import { useState } from 'react';
import type { GroupReportOptions } from '@werkboard/common';
import { de, groupColumnTitles, inBoardOrder, projectProgress } from '@werkboard/common';
import { Dialog } from '../../components/Dialog';
import { safeFileName } from '../../platform/fileSave';
import { useAppDispatch } from '../../store/hooks';
import { columnShares } from '../../utils/progressChart';
import { ChoiceList, Toggle } from './ChoiceList';
import type { ReportMaker } from './reportMaker';
import { loadReportMaker, reportErrorText } from './reportMaker';
import type { ReportRun } from './ReportStatus';
import { GroupLoadStatus, PdfFormFooter } from './ReportStatus';
import type { ReportProject } from './reportThunks';
import { appAddress, saveReportFile } from './reportThunks';
import { useGroupReportProjects } from './useGroupReportProjects';

const t = de.reports.dialog;
const e = de.reports.errors;
const charts = de.dashboard.charts;

/** The group chart (each project's progress) and each project's tasks per column, as JPEG. */
async function drawCharts(maker: typeof ReportMaker, projects: readonly ReportProject[]) {
  const group = await maker.progressChartJpeg(
    projects.map(({ project }) => {
      const progress = projectProgress(inBoardOrder(project.columns));
      return { key: project.id, label: project.name, percent: progress.percent, detail: '' };
    }),
    { dataset: charts.progress, axis: charts.progressAxis },
  );
  const perProject = new Map<string, Uint8Array>();
  for (const { project } of projects)
    perProject.set(
      project.id,
      await maker.progressChartJpeg(
        columnShares(project.columns).map((row) => ({ ...row, color: maker.columnToneColor(row.label) })),
        { dataset: charts.share, axis: charts.axis },
      ),
    );
  return { group, projects: perProject };
}

/**
 * 'Gruppen-PDF-Export' of a project group (spec section 2): choose columns (by title, across
 * the group's projects) and whether to include charts; the PDF has the group's progress chart,
 * one section per project and the group's time and material totals.
 */
export function GroupPdfDialog({
  groupName,
  projectIds,
  onClose,
}: {
  groupName: string;
  projectIds: readonly string[];
  onClose: () => void;
}) {
  const load = useGroupReportProjects(projectIds);
  return (
    <Dialog title={t.groupPdfTitle} onClose={onClose}>
      <GroupLoadStatus load={load} />
      {load.status === 'loaded' ? (
        <GroupPdfForm groupName={groupName} projects={load.projects} onClose={onClose} />
      ) : (
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {de.app.close}
          </button>
        </div>
      )}
    </Dialog>
  );
}

function GroupPdfForm({
  groupName,
  projects,
  onClose,
}: {
  groupName: string;
  projects: readonly ReportProject[];
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const titles = groupColumnTitles(projects.map(({ project }) => project));
  const [options, setOptions] = useState<GroupReportOptions>({ columnTitles: titles, includeCharts: true });
  const [run, setRun] = useState<ReportRun>({ kind: 'idle' });

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (options.columnTitles.length === 0 && titles.length > 0) {
      setRun({ kind: 'failed', text: t.noColumnChosen });
      return;
    }
    setRun({ kind: 'working' });
    try {
      const maker = await loadReportMaker();
      const drawn = options.includeCharts ? await drawCharts(maker, projects) : { group: null, projects: new Map() };
      const bytes = await maker.makeGroupReportPdf({
        groupName,
        projects: projects.map((entry) => ({
          ...entry,
          address: dispatch(appAddress(`/project/${entry.project.id}`)),
        })),
        options,
        charts: drawn,
        version: __APP_VERSION__,
        dashboardAddress: dispatch(appAddress('/')),
        createdAt: new Date(),
      });
      const name = safeFileName(de.reports.pdf.groupFileName(groupName));
      const outcome = await dispatch(saveReportFile(name, bytes, 'application/pdf'));
      setRun(outcome !== 'canceled' ? { kind: 'done', text: t.created(name) } : { kind: 'idle' });
    } catch (error) {
      // Spec section 8 has one text for every failure of the group PDF, but the library's own.
      setRun({ kind: 'failed', text: reportErrorText(error, e.groupExportFailed) });
    }
  };

  return (
    <form className="report-dialog" onSubmit={(event) => void create(event)}>
      <ChoiceList
        legend={t.columns}
        choices={titles.map((title) => ({ key: title, label: title }))}
        chosen={options.columnTitles}
        onChange={(columnTitles) => setOptions((current) => ({ ...current, columnTitles }))}
      />
      <fieldset className="fieldset">
        <legend>{t.contents}</legend>
        <Toggle
          label={t.includeCharts}
          checked={options.includeCharts}
          onChange={(includeCharts) => setOptions((current) => ({ ...current, includeCharts }))}
        />
      </fieldset>
      <PdfFormFooter run={run} onClose={onClose} />
    </form>
  );
}
