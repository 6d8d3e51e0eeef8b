import { Link } from 'react-router-dom';
import type { TemplateSummaryDto, UserSettings } from '@werkboard/common';
import { canDeleteTemplate, canEditTemplate, canPublishTemplate, canShareTemplate, de } from '@werkboard/common';
import { usePolicy } from '../../entities/session/usePolicy';
import { ProjectIconGlyph } from '../../entities/project/ProjectIconGlyph';

/** How the templates are listed (display.templates.viewMode, saved with the settings). */
export type TemplateViewMode = UserSettings['display']['templates']['viewMode'];

const t = de.templatesScreen;

export type TemplateAction = 'share' | 'publish' | 'delete';

interface ListProps {
  templates: TemplateSummaryDto[];
  viewMode: TemplateViewMode;
  /** The section's title, naming the list or table. */
  label: string;
  onAction: (kind: TemplateAction, template: TemplateSummaryDto) => void;
}

function ownerText(template: TemplateSummaryDto): string {
  return template.ownerId === null ? t.global : (template.ownerUsername ?? t.unknownOwner);
}

export const editorPath = (id: string) => `/template/edit/${encodeURIComponent(id)}`;

/** One section's templates as tiles (grid) or as a simple or detailed table. */
export function TemplateList({ templates, viewMode, label, onAction }: ListProps) {
  if (viewMode === 'grid') {
    return (
      <ul className="template-grid" aria-label={label}>
        {templates.map((template) => (
          <li key={template.id} className="template-card" aria-label={template.name}>
            <div className="template-card__head">
              <ProjectIconGlyph icon={template.icon} />
              <div className="template-card__titles">
                <TemplateNameLink template={template} />
                <span className="template-card__meta">
                  <span>{template.customerType}</span>
                  <span>{ownerText(template)}</span>
                  <span>{t.columnCount(template.columnTitles.length)}</span>
                </span>
              </div>
            </div>
            {template.description && <p className="template-card__description">{template.description}</p>}
            {template.columnTitles.length > 0 && (
              <ol className="template-card__columns" aria-label={t.table.columns}>
                {template.columnTitles.map((title, index) => (
                  <li key={`${index}-${title}`}>{title}</li>
                ))}
              </ol>
            )}
            <TemplateActions template={template} onAction={onAction} />
          </li>
        ))}
      </ul>
    );
  }

  const detailed = viewMode === 'table-detailed';
  return (
    <div className="template-table-wrap">
      <table className={detailed ? 'template-table template-table--detailed' : 'template-table'} aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{t.table.name}</th>
            {detailed && <th scope="col">{t.table.description}</th>}
            <th scope="col">{t.table.customerType}</th>
            {detailed && <th scope="col">{t.table.owner}</th>}
            {detailed && <th scope="col">{t.table.columns}</th>}
            <th scope="col">{t.table.actions}</th>
          </tr>
        </thead>
        <tbody>
          {templates.map((template) => (
            <tr key={template.id} aria-label={template.name}>
              <th scope="row" data-label={t.table.name}>
                <span className="template-table__name">
                  <ProjectIconGlyph icon={template.icon} />
                  <TemplateNameLink template={template} />
                </span>
              </th>
              {detailed && (
                <td data-label={t.table.description}>
                  {template.description || <span className="muted">{t.noDescription}</span>}
                </td>
              )}
              <td data-label={t.table.customerType}>{template.customerType}</td>
              {detailed && <td data-label={t.table.owner}>{ownerText(template)}</td>}
              {detailed && (
                <td data-label={t.table.columns}>
                  {template.columnTitles.length > 0 ? template.columnTitles.join(' · ') : t.columnCount(0)}
                </td>
              )}
              <td data-label={t.table.actions}>
                <TemplateActions template={template} onAction={onAction} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The name opens the editor (read-only there for who may not edit). */
function TemplateNameLink({ template }: { template: TemplateSummaryDto }) {
  return (
    <Link className="template-card__link" to={editorPath(template.id)}>
      {template.name}
    </Link>
  );
}

/** Bearbeiten or Ansehen, and Teilen, Global freigeben and Löschen where the policies allow. */
function TemplateActions({
  template,
  onAction,
}: {
  template: TemplateSummaryDto;
  onAction: (kind: TemplateAction, template: TemplateSummaryDto) => void;
}) {
  const { actor } = usePolicy();
  if (!actor) return null;
  const editable = canEditTemplate(actor, template);
  const a = t.actions;
  return (
    <div className="template-actions">
      <Link
        className="button button--secondary button--small"
        to={editorPath(template.id)}
        aria-label={editable ? a.editLabel(template.name) : a.viewLabel(template.name)}
      >
        {editable ? a.edit : a.view}
      </Link>
      {canShareTemplate(actor, template) && (
        <button
          type="button"
          className="button button--secondary button--small"
          aria-label={a.shareLabel(template.name)}
          onClick={() => onAction('share', template)}
        >
          {a.share}
        </button>
      )}
      {canPublishTemplate(actor, template) && (
        <button
          type="button"
          className="button button--secondary button--small"
          aria-label={a.publishLabel(template.name)}
          onClick={() => onAction('publish', template)}
        >
          {a.publish}
        </button>
      )}
      {canDeleteTemplate(actor, template) && (
        <button
          type="button"
          className="button button--danger-outline button--small"
          aria-label={a.deleteLabel(template.name)}
          onClick={() => onAction('delete', template)}
        >
          {a.delete}
        </button>
      )}
    </div>
  );
}
