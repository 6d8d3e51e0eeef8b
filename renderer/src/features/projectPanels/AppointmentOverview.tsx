import { useState } from 'react';
import type { AppointmentGroupId } from '@werkboard/common';
import { de, groupAppointments, localDay } from '@werkboard/common';
import { Collapsible } from '../../components/Collapsible';
import { useAppSelector } from '../../store/hooks';
import { selectUserSettings } from '../../entities/settings/settingsSelectors';
import { useOpenProject } from '../../entities/project/useOpenProject';
import { LazyAppointmentManagerDialog } from './LazyAppointmentManagerDialog';
import { AppointmentSummary } from './AppointmentSummary';

const t = de.projectPanels.appointments;

const GROUP_TITLES: Record<AppointmentGroupId, string> = {
  today: t.today,
  upcoming: t.upcoming,
  expired: t.expired,
};
const GROUP_EMPTY: Record<AppointmentGroupId, string> = {
  today: t.noneToday,
  upcoming: t.noneUpcoming,
  expired: t.noneExpired,
};

/**
 * The board's appointment overview (collapsible): Heute, Demnächst and Abgelaufen per the
 * user's display settings for project appointments (visibility, detail level, showExpired),
 * with 'Termin hinzufügen' unless the project is read-only.
 */
export function AppointmentOverview() {
  const { document, readOnly } = useOpenProject();
  const settings = useAppSelector(selectUserSettings).display.projectAppointments;
  const [adding, setAdding] = useState(false);
  const groups = groupAppointments(document.appointments, localDay(new Date()), {
    detailLevel: settings.detailLevel,
    showExpired: settings.showExpired,
    projectStatus: document.status,
  });
  const nothing = groups.visible.every((id) => groups[id].length === 0);

  return (
    <section className="appointment-overview" aria-label={t.overviewTitle}>
      {!readOnly && (
        <button
          type="button"
          className="button button--secondary button--small appointment-overview__add"
          onClick={() => setAdding(true)}
        >
          {t.add}
        </button>
      )}
      <Collapsible title={t.overviewTitle} defaultOpen={settings.visibility === 'expanded'} headingLevel={2}>
        {nothing ? (
          <p className="muted">{t.none}</p>
        ) : (
          <div className="appointment-overview__groups">
            {groups.visible.map((id) => (
              <section key={id} className="appointment-group" aria-label={GROUP_TITLES[id]}>
                <h4 className="appointment-group__title">
                  {GROUP_TITLES[id]} <span className="appointment-group__count">({groups[id].length})</span>
                </h4>
                {groups[id].length === 0 ? (
                  <p className="muted">{GROUP_EMPTY[id]}</p>
                ) : (
                  <ul className="appointment-group__list">
                    {groups[id].map((appointment) => (
                      <li key={appointment.id} aria-label={appointment.title}>
                        <AppointmentSummary appointment={appointment} />
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            ))}
          </div>
        )}
      </Collapsible>
      {adding && <LazyAppointmentManagerDialog startWithNew onClose={() => setAdding(false)} />}
    </section>
  );
}
