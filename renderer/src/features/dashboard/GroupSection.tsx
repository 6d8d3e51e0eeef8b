import { ChartColumn, FileOutput, FileText, Pencil, Trash } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { useId, useState } from 'react';
import type { ProjectGroupDto, ProjectIcon } from '@werkboard/common';
import { canManageProjectGroups, de, DEFAULT_GROUP_ICON, PROJECT_ICONS } from '@werkboard/common';
import { useAppSelector } from '../../store/hooks';
import { usePolicy } from '../../entities/session/usePolicy';
import { IconGlyph } from '../../entities/project/icons';
import { useFreeLicense } from '../../entities/session/useFreeLicense';
import { selectUserSettings } from '../../entities/settings/settingsSelectors';
import { DashboardSection } from './DashboardSection';
import { HintedButton } from '../../components/HintedButton';

const g = de.dashboard.groupActions;

export type GroupAction = 'edit' | 'delete' | 'chart' | 'kwp' | 'pdf' | 'totals';

/**
 * A group's icon in the group's icon colour. The glyphs are emoji, which ignore `color`; a
 * transparent glyph with a sharp text shadow in the colour paints its outline instead.
 */
export function GroupIcon({ group }: { group: ProjectGroupDto }) {
  const icon: ProjectIcon = (PROJECT_ICONS as readonly string[]).includes(group.icon) ? group.icon : DEFAULT_GROUP_ICON;
  return (
    <span
      className="group-icon"
      aria-hidden="true"
      style={{ '--group-icon-color': group.iconColor, '--group-color': group.color } as CSSProperties}
    >
      <IconGlyph icon={icon} />
    </span>
  );
}

/**
 * The group's actions (spec section 2): progress chart, KWP export text (when the feature is
 * on), group PDF export, edit and delete. On a phone they fold into a menu button; from 640 px
 * they sit beside the heading.
 */
function GroupActions({ group, onAction }: { group: ProjectGroupDto; onAction: (action: GroupAction) => void }) {
  const policy = usePolicy();
  const free = useFreeLicense();
  const kwpEnabled = useAppSelector(selectUserSettings).features.kwpExportEnabled;
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const mayManage = policy.allows(canManageProjectGroups);
  const freeReason = free ? de.dashboard.toolbar.groupsDisabledFree : null;
  const run = (action: GroupAction) => {
    setOpen(false);
    onAction(action);
  };

  return (
    <div className={open ? 'group-actions group-actions--open' : 'group-actions'}>
      <button
        type="button"
        className="icon-button group-actions__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={g.menu(group.name)}
        title={g.menu(group.name)}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">⋮</span>
      </button>
      <div id={menuId} className="group-actions__menu" role="group" aria-label={g.menu(group.name)}>
        <button
          type="button"
          className="group-actions__item"
          aria-label={g.chart(group.name)}
          onClick={() => run('chart')}
        >
          <ChartColumn className="icon-glyph" aria-hidden="true" focusable="false" />
          <span className="group-actions__text">{g.chart(group.name)}</span>
        </button>
        {kwpEnabled && (
          <button
            type="button"
            className="group-actions__item"
            aria-label={g.kwp(group.name)}
            onClick={() => run('kwp')}
          >
            <FileOutput className="icon-glyph" aria-hidden="true" focusable="false" />
            <span className="group-actions__text">{g.kwp(group.name)}</span>
          </button>
        )}
        <button type="button" className="group-actions__item" aria-label={g.pdf(group.name)} onClick={() => run('pdf')}>
          <FileText className="icon-glyph" aria-hidden="true" focusable="false" />
          <span className="group-actions__text">{g.pdf(group.name)}</span>
        </button>
        <button
          type="button"
          className="group-actions__item"
          aria-label={g.totals(group.name)}
          onClick={() => run('totals')}
        >
          <span aria-hidden="true">⏱</span>
          <span className="group-actions__text">{g.totals(group.name)}</span>
        </button>
        {mayManage && (
          <>
            <HintedButton
              className="group-actions__item"
              label={g.edit(group.name)}
              disabledReason={freeReason}
              onClick={() => run('edit')}
            >
              <Pencil className="icon-glyph" aria-hidden="true" focusable="false" />
              <span className="group-actions__text">{g.edit(group.name)}</span>
            </HintedButton>
            <HintedButton
              className="group-actions__item group-actions__item--danger"
              label={g.delete(group.name)}
              disabledReason={freeReason}
              onClick={() => run('delete')}
            >
              <Trash className="icon-glyph" aria-hidden="true" focusable="false" />
              <span className="group-actions__text">{g.delete(group.name)}</span>
            </HintedButton>
          </>
        )}
      </div>
    </div>
  );
}

interface GroupSectionProps {
  group: ProjectGroupDto;
  count: number;
  onAction: (action: GroupAction, group: ProjectGroupDto) => void;
  children: ReactNode;
}

/** A project group's collapsible section: group colour, icon in its colour, name and count. */
export function GroupSection({ group, count, onAction, children }: GroupSectionProps) {
  const [open, setOpen] = useState(true);
  return (
    <DashboardSection
      level={3}
      className="group-section"
      style={{ '--group-color': group.color } as CSSProperties}
      title={de.dashboard.projects.sectionWithCount(group.name, count)}
      icon={<GroupIcon group={group} />}
      open={open}
      onToggle={setOpen}
      actions={<GroupActions group={group} onAction={(action) => onAction(action, group)} />}
    >
      {children}
    </DashboardSection>
  );
}
