import { memo, useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { TagDto } from '@werkboard/common';
import {
  canCreateTemplate,
  canEditProject,
  canSeeAllProjects,
  canSeeChangeLog,
  de,
  isProjectOwner,
  tagColor,
} from '@werkboard/common';
import { useAppSelector } from '../../store/hooks';
import { useGalleryBadge } from './GalleryCountBadge';
import { UserAvatar } from '../../entities/user/UserAvatar';
import { IconGlyph, iconName } from '../../entities/project/icons';
import { selectUserSettings } from '../../entities/settings/settingsSelectors';
import { useHasPendingInvitations } from './useHasPendingInvitations';
import { boardHeaderTiming, useBoardUi } from './boardUi';
import { selectTagsById } from '../../api/endpoints/tags';
import { selectDocument, selectFromArchive, selectProgress } from '../../entities/project/projectSlice';
import { SignoffLines } from './signoff/SignoffLines';
import type { ProjectAction } from './ProjectActions';
import { ProjectActions } from './ProjectActions';

export type HeaderDialog =
  | 'edit'
  | 'notes'
  | 'changeLog'
  | 'appointmentArchive'
  | 'appointments'
  | 'invite'
  | 'team'
  | 'gallery'
  | 'kwpExport'
  | 'pdfExport'
  | 'totals'
  | 'saveAsTemplate'
  | 'signoff';

const MAX_AVATARS = 3;
const h = de.board.header;
const b = de.board.buttons;

/**
 * The project's head: icon, name, Projekt-Nr, Projektleiter, Vertretung, up to three member
 * avatars and '+N', tags, the progress (cards in the last column / all cards) and the buttons
 * of spec section 2, each shown only where the user may use it.
 */
export const ProjectHeader = memo(function ProjectHeader({ onOpen }: { onOpen: (dialog: HeaderDialog) => void }) {
  const { template } = useBoardUi();
  return template ? <TemplateHeader onOpen={onOpen} /> : <BoardHeader onOpen={onOpen} />;
});

function TagChips({ tags }: { tags: TagDto[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="board-chips project-header__tags" aria-label={h.tags}>
      {tags.map((tag) => (
        <li key={tag.id} className={`board-chip board-tone--${tagColor(tag.color)}`}>
          {tag.label}
        </li>
      ))}
    </ul>
  );
}

/**
 * The template editor's head: icon, name, 'Vorlage', availability (global or whose), customer
 * type, description and tags; 'Vorlage bearbeiten' for who may edit it. A template has no
 * progress, team, notes, appointments, gallery or exports.
 */
function TemplateHeader({ onOpen }: { onOpen: (dialog: HeaderDialog) => void }) {
  const document = useAppSelector(selectDocument)!;
  const tagsById = useAppSelector(selectTagsById);
  const { readOnly } = useBoardUi();
  const m = de.templatesScreen.editor;
  const tags = document.tagIds.map((id) => tagsById.get(id)).filter((tag) => tag !== undefined);
  const availability =
    document.ownerId === null
      ? m.global
      : document.ownerUsername
        ? m.personal(document.ownerUsername)
        : m.personalUnknown;

  return (
    <header className="project-header template-header">
      <Link className="template-header__back" to="/templates">
        {m.backToList}
      </Link>
      <div className="project-header__main">
        <span className="project-header__icon" role="img" aria-label={iconName(document.icon)}>
          <IconGlyph icon={document.icon} />
        </span>
        <h1 className="project-header__name" {...boardHeaderTiming}>
          {document.name}
        </h1>
        <span className="template-header__badge">{m.badge}</span>
      </div>
      {document.description && <p className="template-header__description">{document.description}</p>}
      <dl className="project-header__facts">
        <div className="project-header__fact">
          <dt>{m.availability}</dt>
          <dd>{availability}</dd>
        </div>
        <div className="project-header__fact">
          <dt>{m.customerType}</dt>
          <dd>{document.customerType}</dd>
        </div>
      </dl>
      <TagChips tags={tags} />
      {!readOnly && (
        <nav className="project-header__actions" aria-label={m.actions}>
          <button type="button" className="button button--primary button--small" onClick={() => onOpen('edit')}>
            {m.edit}
          </button>
        </nav>
      )}
    </header>
  );
}

function BoardHeader({ onOpen }: { onOpen: (dialog: HeaderDialog) => void }) {
  const document = useAppSelector(selectDocument)!;
  const progress = useAppSelector(selectProgress);
  const tagsById = useAppSelector(selectTagsById);
  const kwpEnabled = useAppSelector((state) => selectUserSettings(state).features.kwpExportEnabled);
  const fromArchive = useAppSelector(selectFromArchive);
  const { readOnly, actor } = useBoardUi();
  const gallery = useGalleryBadge(document.id);

  const deputy = document.team.find((member) => member.teamRole === 'deputy') ?? null;
  const members = useMemo(() => document.team.filter((member) => member.teamRole === 'member'), [document.team]);
  const tags = document.tagIds.map((id) => tagsById.get(id)).filter((tag) => tag !== undefined);
  const shownMembers = members.slice(0, MAX_AVATARS);
  const hiddenMembers = members.length - shownMembers.length;

  const isOwner = actor !== null && isProjectOwner(actor, document);
  const isLead = isOwner || (actor !== null && (document.deputyOwnerId === actor.id || canSeeAllProjects(actor)));
  // A pending invitation also counts (spec section 2): read for the owner of an active project.
  const hasPendingInvitations = useHasPendingInvitations(document.id, !readOnly && isOwner);
  const hasTeam = document.deputyOwnerId !== null || document.memberIds.length > 0 || hasPendingInvitations;
  const buttons: (ProjectAction<HeaderDialog> & { shown: boolean })[] = [
    {
      id: 'edit',
      label: b.edit,
      shown: !readOnly && actor !== null && canEditProject(actor, document),
      primary: true,
    },
    { id: 'notes', label: b.notes, shown: true },
    { id: 'changeLog', label: b.changeLog, shown: actor !== null && canSeeChangeLog(actor, document) },
    { id: 'appointmentArchive', label: b.appointmentArchive, shown: true },
    { id: 'appointments', label: b.manageAppointments, shown: !readOnly },
    { id: 'invite', label: b.invite, shown: !readOnly && isLead },
    { id: 'team', label: b.manageTeam, shown: !readOnly && isOwner && hasTeam },
    // Pinned on the phone: photos are what a fitter adds on site, and the spec gives this
    // button a count badge, news that a fold would hide.
    {
      id: 'gallery',
      label: b.gallery,
      shown: true,
      pinned: true,
      extra: gallery.badge,
      describedBy: gallery.describedBy,
    },
    { id: 'kwpExport', label: b.kwpExport, shown: kwpEnabled },
    { id: 'pdfExport', label: b.pdfExport, shown: true },
    { id: 'totals', label: de.reports.totals.button, shown: true },
    { id: 'signoff', label: de.projects.signoff.title, shown: !readOnly && !document.isTemplate },
    {
      id: 'saveAsTemplate',
      label: de.templatesScreen.saveAsTemplate.button,
      shown: actor !== null && canCreateTemplate(actor) && !fromArchive && document.status !== 'archived',
    },
  ];

  return (
    <header className="project-header">
      <div className="project-header__main">
        <span className="project-header__icon" role="img" aria-label={iconName(document.icon)}>
          <IconGlyph icon={document.icon} />
        </span>
        <h1 className="project-header__name" {...boardHeaderTiming}>
          {document.name}
        </h1>
      </div>

      <dl className="project-header__facts">
        <div className="project-header__fact">
          <dt>{h.projectNumber}</dt>
          <dd>{document.projectNumber || h.none}</dd>
        </div>
        <div className="project-header__fact">
          <dt>{h.owner}</dt>
          <dd>{document.ownerUsername ?? h.none}</dd>
        </div>
        <div className="project-header__fact">
          <dt>{h.deputy}</dt>
          <dd>{deputy?.username ?? h.none}</dd>
        </div>
        {members.length > 0 && (
          <div className="project-header__fact">
            <dt>{h.team}</dt>
            <dd>
              <ul className="project-header__avatars">
                {shownMembers.map((member) => (
                  <li key={member.id} title={member.username}>
                    <UserAvatar username={member.username} color={member.usernameColor} />
                    <span className="visually-hidden">{member.username}</span>
                  </li>
                ))}
                {hiddenMembers > 0 && (
                  <li className="project-header__more" title={h.moreMembersLabel(hiddenMembers)}>
                    <span aria-hidden="true">{h.moreMembers(hiddenMembers)}</span>
                    <span className="visually-hidden">{h.moreMembersLabel(hiddenMembers)}</span>
                  </li>
                )}
              </ul>
            </dd>
          </div>
        )}
      </dl>
      <SignoffLines cardId={null} />

      <TagChips tags={tags} />

      <div className="project-progress">
        <div
          className="project-progress__bar"
          role="progressbar"
          aria-label={de.board.progress.label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress.percent}
          aria-valuetext={`${de.board.progress.percent(progress.percent)}, ${de.board.progress.done(progress.done, progress.total)}`}
        >
          <div className="project-progress__fill" style={{ width: `${progress.percent}%` }} />
        </div>
        <span className="project-progress__count">{de.board.progress.done(progress.done, progress.total)}</span>
        <span className="project-progress__percent">{de.board.progress.percent(progress.percent)}</span>
      </div>

      <ProjectActions actions={buttons.filter((button) => button.shown)} onAction={onOpen} />
    </header>
  );
}
