import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { TemplateSummaryDto } from '@werkboard/common';
import { canDeleteTemplate, canEditTemplate, de } from '@werkboard/common';
import { useAdminTemplatesQuery } from '../../api/endpoints/admin';
import { ApiError, serverMessageOr } from '../../api/errors';
import { loadStateOf } from '../../api/loadState';
import { useAppDispatch } from '../../store/hooks';
import { usePolicy } from '../../entities/session/usePolicy';
import { ProjectIconGlyph } from '../../entities/project/ProjectIconGlyph';
import { deleteTemplate } from '../../api/endpoints/templates';

const t = de.adminOverview.templates;

const collator = new Intl.Collator('de-DE', { sensitivity: 'base', numeric: true });
const byName = (a: TemplateSummaryDto, b: TemplateSummaryDto) => collator.compare(a.name, b.name);

const editorPath = (id: string) => `/template/edit/${encodeURIComponent(id)}`;

function ownerText(template: TemplateSummaryDto): string {
  return template.ownerId === null ? t.global : (template.ownerUsername ?? t.unknownOwner);
}

type Feedback = { kind: 'success' | 'error'; text: string } | null;

/**
 * The template management table of /admin (spec section 2): every template that is not
 * archived with name, owner or 'Global', customer type, edit (the editor; 'Ansehen' where the
 * user may not edit it) and delete after the browser's confirm (to the archive).
 */
export function AdminTemplates() {
  const dispatch = useAppDispatch();
  const { actor } = usePolicy();
  const headingId = useId();
  const templatesQuery = useAdminTemplatesQuery();
  const load = loadStateOf(templatesQuery);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  const templates = useMemo(() => (load.status === 'loaded' ? [...load.data].sort(byName) : []), [load]);

  const remove = async (template: TemplateSummaryDto) => {
    if (deleting) return;
    setFeedback(null);
    if (!window.confirm(t.deleteQuestion(template.name))) return;
    setDeleting(template.id);
    try {
      await dispatch(deleteTemplate(template.id));
      setFeedback({ kind: 'success', text: t.deleted(template.name) });
    } catch (caught) {
      const forbidden = caught instanceof ApiError && caught.status === 403;
      setFeedback({ kind: 'error', text: forbidden ? t.deleteForbidden : t.deleteFailed });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <section className="panel admin-templates" aria-labelledby={headingId}>
      <h2 id={headingId} className="panel__title">
        {load.status === 'loaded' ? t.titleWithCount(load.data.length) : t.title}
      </h2>
      {feedback && (
        <p
          role={feedback.kind === 'error' ? 'alert' : 'status'}
          className={feedback.kind === 'error' ? 'message message--error' : 'message message--success'}
        >
          {feedback.text}
        </p>
      )}
      {load.status === 'loading' && <p className="muted">{de.actions.loading}</p>}
      {load.status === 'failed' && (
        <div role="alert" className="message message--error">
          <p>{serverMessageOr(load.error, t.loadFailed)}</p>
          <button type="button" className="link-button" onClick={() => void templatesQuery.refetch()}>
            {de.actions.retry}
          </button>
        </div>
      )}
      {load.status === 'loaded' && templates.length === 0 && <p className="muted">{t.empty}</p>}
      {templates.length > 0 && actor && (
        <div className="template-table-wrap">
          <table className="template-table" aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">{t.name}</th>
                <th scope="col">{t.owner}</th>
                <th scope="col">{t.customerType}</th>
                <th scope="col">{t.actions}</th>
              </tr>
            </thead>
            <tbody>
              {templates.map((template) => {
                const editable = canEditTemplate(actor, template);
                return (
                  <tr key={template.id} aria-label={template.name}>
                    <th scope="row" data-label={t.name}>
                      <span className="template-table__name">
                        <ProjectIconGlyph icon={template.icon} />
                        <span>{template.name}</span>
                      </span>
                    </th>
                    <td data-label={t.owner}>{ownerText(template)}</td>
                    <td data-label={t.customerType}>{template.customerType}</td>
                    <td data-label={t.actions}>
                      <div className="template-actions">
                        <Link
                          className="button button--secondary button--small"
                          to={editorPath(template.id)}
                          aria-label={editable ? t.editLabel(template.name) : t.viewLabel(template.name)}
                        >
                          {editable ? t.edit : t.view}
                        </Link>
                        {canDeleteTemplate(actor, template) && (
                          <button
                            type="button"
                            className="button button--danger-outline button--small"
                            aria-label={t.deleteLabel(template.name)}
                            disabled={deleting !== null}
                            onClick={() => void remove(template)}
                          >
                            {deleting === template.id ? de.actions.deleting : t.delete}
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
