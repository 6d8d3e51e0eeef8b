import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { AppointmentGroupId, DashboardAppointmentDto, TagDto, UserSettings } from '@werkboard/common';
import { appointmentStatus, de, formatAppointmentDate, localDay } from '@werkboard/common';
import { TagChips } from '../projectOverview/TagChips';
import { groupDashboardAppointments } from './dashboardAppointments';
import { DashboardSection } from './DashboardSection';
import type { Load } from './useDashboardData';

const t = de.dashboard.appointments;

const GROUP_TITLES: Record<AppointmentGroupId, string> = { today: t.today, upcoming: t.upcoming, expired: t.expired };
const GROUP_EMPTY: Record<AppointmentGroupId, string> = {
  today: t.noneToday,
  upcoming: t.noneUpcoming,
  expired: t.noneExpired,
};

function AppointmentItem({
  appointment,
  tagsById,
  showTags,
}: {
  appointment: DashboardAppointmentDto;
  tagsById: ReadonlyMap<string, TagDto>;
  showTags: boolean;
}) {
  const absent = appointmentStatus(appointment) === 'client_not_present';
  return (
    <li
      className={absent ? 'dash-appointment dash-appointment--client-absent' : 'dash-appointment'}
      aria-label={appointment.title}
    >
      <Link to={`/project/${encodeURIComponent(appointment.projectId)}`} className="dash-appointment__link">
        <time className="dash-appointment__date" dateTime={appointment.date}>
          {formatAppointmentDate(appointment)}
        </time>
        <span className="dash-appointment__title">{appointment.title}</span>
        <span className="dash-appointment__project">{t.project(appointment.projectName)}</span>
      </Link>
      {absent && <strong className="appointment__marker">{t.clientNotPresent}</strong>}
      {showTags && <TagChips tagIds={appointment.tagIds} tagsById={tagsById} label={t.tags} />}
    </li>
  );
}

interface AppointmentsOverviewProps {
  load: Load<DashboardAppointmentDto[]>;
  settings: UserSettings['display']['dashboardAppointments'];
  tagsById: ReadonlyMap<string, TagDto>;
  onToggle: (open: boolean) => void;
}

/**
 * The dashboard's appointment overview (spec sections 2 and 4): Heute, Demnächst and
 * Abgelaufen across the user's projects, per the display settings (detail level, showExpired,
 * tags); each appointment links to its project. Folding it in persists as its visibility.
 */
export function AppointmentsOverview({ load, settings, tagsById, onToggle }: AppointmentsOverviewProps) {
  const groups = useMemo(
    () =>
      load.status === 'loaded'
        ? groupDashboardAppointments(load.data, localDay(new Date()), {
            detailLevel: settings.detailLevel,
            showExpired: settings.showExpired,
          })
        : null,
    [load, settings.detailLevel, settings.showExpired],
  );
  const count = groups ? groups.visible.reduce((sum, id) => sum + groups[id].length, 0) : null;

  return (
    <DashboardSection
      className="dash-appointments"
      title={count === null ? t.title : t.titleWithCount(count)}
      open={settings.visibility === 'expanded'}
      onToggle={onToggle}
    >
      {load.status === 'loading' && <p className="muted">{de.actions.loading}</p>}
      {load.status === 'failed' && (
        <p role="alert" className="message message--error">
          {t.loadFailed}
        </p>
      )}
      {groups &&
        (count === 0 ? (
          <p className="muted">{t.none}</p>
        ) : (
          <div className="dash-appointments__columns">
            {groups.visible.map((id) => (
              <section key={id} className="dash-appointments__column" aria-label={GROUP_TITLES[id]}>
                <h3 className="appointment-group__title">
                  {GROUP_TITLES[id]} <span className="appointment-group__count">({groups[id].length})</span>
                </h3>
                {groups[id].length === 0 ? (
                  <p className="muted">{GROUP_EMPTY[id]}</p>
                ) : (
                  <ul className="dash-appointments__list">
                    {groups[id].map((appointment) => (
                      <AppointmentItem
                        key={`${appointment.projectId}-${appointment.id}`}
                        appointment={appointment}
                        tagsById={tagsById}
                        showTags={settings.showTags}
                      />
                    ))}
                  </ul>
                )}
              </section>
            ))}
          </div>
        ))}
    </DashboardSection>
  );
}
