import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import type { TimeMaterialTotals, TotalsProject } from '@werkboard/common';
import {
  CSV_MIME_TYPE,
  de,
  formatDay,
  formatHours,
  formatQuantity,
  timeMaterialTotals,
  toCsv,
  totalsCsvRows,
} from '@werkboard/common';
import { Dialog } from '../../components/Dialog';
import { useAppDispatch } from '../../store/hooks';
import { saveReportFile } from './reportThunks';
import { GroupLoadStatus } from './ReportStatus';
import { useGroupReportProjects } from './useGroupReportProjects';

const t = de.reports.totals;

function TotalsTable({
  caption,
  headers,
  rows,
  footer,
}: {
  caption: string;
  headers: readonly string[];
  rows: readonly (readonly string[])[];
  footer?: readonly string[];
}) {
  const numeric = (index: number) => index === headers.length - 1;
  return (
    <div className="totals-table">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {headers.map((header, index) => (
              <th key={header} scope="col" className={numeric(index) ? 'totals-table__number' : undefined}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((cell, index) => (
                <td key={index} className={numeric(index) ? 'totals-table__number' : undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {footer && (
          <tfoot>
            <tr>
              {footer.map((cell, index) => (
                <th
                  key={index}
                  scope={index === 0 ? 'row' : undefined}
                  className={numeric(index) ? 'totals-table__number' : undefined}
                >
                  {cell}
                </th>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

/** Hours per person, per day and per card and material per name and unit, with the CSV download. */
function TotalsView({ name, totals, withProject }: { name: string; totals: TimeMaterialTotals; withProject: boolean }) {
  const dispatch = useAppDispatch();
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setFailed(false);
    try {
      const data = new TextEncoder().encode(toCsv(totalsCsvRows(name, totals, withProject)));
      await dispatch(saveReportFile(t.csvFileName(name), data, CSV_MIME_TYPE));
    } catch {
      setFailed(true);
    }
  };
  return (
    <>
      <div className="totals__toolbar">
        <button type="button" className="button button--secondary" onClick={() => void download()}>
          {t.downloadCsv}
        </button>
      </div>
      {failed && (
        <p role="alert" className="message message--error">
          {de.reports.errors.csvFailed}
        </p>
      )}
      {totals.byPerson.length === 0 ? (
        <p className="muted">{t.noHours}</p>
      ) : (
        <>
          <TotalsTable
            caption={t.hoursByPerson}
            headers={[t.person, t.hours]}
            rows={totals.byPerson.map((row) => [row.username, formatHours(row.hours)])}
            footer={[t.total, formatHours(totals.totalHours)]}
          />
          <TotalsTable
            caption={t.hoursByDay}
            headers={[t.day, t.hours]}
            rows={totals.byDay.map((row) => [formatDay(row.date), formatHours(row.hours)])}
          />
          <TotalsTable
            caption={t.hoursByCard}
            headers={withProject ? [t.project, t.column, t.card, t.hours] : [t.column, t.card, t.hours]}
            rows={totals.byCard.map((row) =>
              withProject
                ? [row.projectName, row.columnTitle, row.cardTitle, formatHours(row.hours)]
                : [row.columnTitle, row.cardTitle, formatHours(row.hours)],
            )}
          />
        </>
      )}
      {totals.material.length === 0 ? (
        <p className="muted">{t.noMaterial}</p>
      ) : (
        <TotalsTable
          caption={t.material}
          headers={[t.materialName, t.unit, t.quantity]}
          rows={totals.material.map((row) => [row.name, row.unit, formatQuantity(row.quantity)])}
        />
      )}
    </>
  );
}

function TotalsDialogFrame({ name, onClose, children }: { name: string; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog title={t.title(name)} onClose={onClose} wide>
      {children}
      <div className="dialog__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          {de.app.close}
        </button>
      </div>
    </Dialog>
  );
}

export function ProjectTotalsDialog({ project, onClose }: { project: TotalsProject; onClose: () => void }) {
  const totals = useMemo(() => timeMaterialTotals([project]), [project]);
  return (
    <TotalsDialogFrame name={project.name} onClose={onClose}>
      <TotalsView name={project.name} totals={totals} withProject={false} />
    </TotalsDialogFrame>
  );
}

export function GroupTotalsDialog({
  groupName,
  projectIds,
  onClose,
}: {
  groupName: string;
  projectIds: readonly string[];
  onClose: () => void;
}) {
  const load = useGroupReportProjects(projectIds);
  const totals = useMemo(
    () => (load.status === 'loaded' ? timeMaterialTotals(load.projects.map(({ project }) => project)) : null),
    [load],
  );
  return (
    <TotalsDialogFrame name={groupName} onClose={onClose}>
      <GroupLoadStatus load={load} />
      {totals && <TotalsView name={groupName} totals={totals} withProject />}
    </TotalsDialogFrame>
  );
}
