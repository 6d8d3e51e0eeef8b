import type { FormEvent } from 'react';
import { useState } from 'react';
import type { ProjectDocument, ProjectReportOptions, ReportNames } from '@werkboard/common';
import { de, defaultProjectReportOptions, inBoardOrder } from '@werkboard/common';
import { Dialog } from '../../components/Dialog';
import { safeFileName } from '../../platform/fileSave';
import { useAppDispatch } from '../../store/hooks';
import { ChoiceList, Toggle } from './ChoiceList';
import { loadReportMaker, reportErrorText, reportStep } from './reportMaker';
import type { ReportRun } from './ReportStatus';
import { PdfFormFooter } from './ReportStatus';
import { appAddress, loadReportPhotos, saveReportFile } from './reportThunks';

const t = de.reports.dialog;
const e = de.reports.errors;

/**
 * 'PDF-Export' of the board (spec sections 2 and 9): choose columns and contents, then the
 * report is made in the browser from the open document (so it works offline) and saved as
 * 'Projektbericht - {name}.pdf'.
 */
export function ProjectPdfDialog({
  project,
  names,
  onClose,
}: {
  project: ProjectDocument;
  names: ReportNames;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const [options, setOptions] = useState<ProjectReportOptions>(() => defaultProjectReportOptions(project));
  const [run, setRun] = useState<ReportRun>({ kind: 'idle' });
  const set = (change: Partial<ProjectReportOptions>) => setOptions((current) => ({ ...current, ...change }));

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (options.columnIds.length === 0) {
      setRun({ kind: 'failed', text: t.noColumnChosen });
      return;
    }
    setRun({ kind: 'working' });
    try {
      const maker = await loadReportMaker();
      const { photos, complete } = options.includePhotos
        ? await dispatch(loadReportPhotos(project.id, maker.photoJpeg))
        : { photos: [], complete: true };
      const bytes = await reportStep(e.buildFailed, () =>
        maker.makeProjectReportPdf({
          project,
          names,
          options,
          photos,
          version: __APP_VERSION__,
          projectAddress: dispatch(appAddress(`/project/${project.id}`)),
          createdAt: new Date(),
        }),
      );
      const name = safeFileName(de.reports.pdf.fileName(project.name));
      const outcome = await reportStep(e.exportFailed, () => dispatch(saveReportFile(name, bytes, 'application/pdf')));
      setRun(
        outcome !== 'canceled'
          ? { kind: 'done', text: t.created(name), ...(complete ? {} : { note: t.photosOffline }) }
          : { kind: 'idle' },
      );
    } catch (error) {
      setRun({ kind: 'failed', text: reportErrorText(error, e.exportFailed) });
    }
  };

  const columns = inBoardOrder(project.columns).map((column) => ({ key: column.id, label: column.title }));
  return (
    <Dialog title={t.pdfTitle} onClose={onClose}>
      <form className="report-dialog" onSubmit={(event) => void create(event)}>
        <ChoiceList
          legend={t.columns}
          choices={columns}
          chosen={options.columnIds}
          onChange={(columnIds) => set({ columnIds })}
        />
        <fieldset className="fieldset">
          <legend>{t.contents}</legend>
          <Toggle
            label={t.includeEntries}
            checked={options.includeEntries}
            onChange={(on) => set({ includeEntries: on })}
          />
          <Toggle
            label={t.includeAppointments}
            checked={options.includeAppointments}
            onChange={(on) => set({ includeAppointments: on })}
          />
          <Toggle label={t.includeNotes} checked={options.includeNotes} onChange={(on) => set({ includeNotes: on })} />
          <Toggle
            label={t.includePhotos}
            checked={options.includePhotos}
            onChange={(on) => set({ includePhotos: on })}
          />
        </fieldset>
        <PdfFormFooter run={run} onClose={onClose} />
      </form>
    </Dialog>
  );
}
