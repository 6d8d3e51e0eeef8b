import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { TemplateSummaryDto } from '@werkboard/common';
import { canCreateTemplate, de, TEMPLATE_VIEW_MODES } from '@werkboard/common';
import { useTemplatesQuery } from '../api/endpoints/templates';
import { loadStateOf } from '../api/loadState';
import { useAppSelector } from '../store/hooks';
import { usePolicy } from '../entities/session/usePolicy';
import { selectUserSettings } from '../entities/settings/settingsSelectors';
import { useSettingsSaver } from '../entities/settings/useSettingsSaver';
import { DeleteTemplateDialog, PublishTemplateDialog } from '../features/templates/TemplateConfirmDialogs';
import type { TemplateAction, TemplateViewMode } from '../features/templates/TemplateList';
import { TemplateList } from '../features/templates/TemplateList';
import { ShareTemplateDialog } from '../features/templates/ShareTemplateDialog';
import { TemplateSettingsDialog } from './TemplateSettingsDialog';
import { LoadFailed } from '../components/LoadFailed';

const t = de.templatesScreen;

type OpenDialog = { kind: TemplateAction; template: TemplateSummaryDto } | { kind: 'settings' };

const byName = (a: TemplateSummaryDto, b: TemplateSummaryDto) => a.name.localeCompare(b.name, 'de-DE');

/**
 * /templates (spec section 2): 'Globale Vorlagen' and 'Meine persönlichen Vorlagen' in the
 * view the user chose (grid, simple or detailed table; display.templates.viewMode, saved with
 * the settings). Each template opens in the editor (read-only for who may not edit it); the
 * owner shares it, Admin and Firmenleiter publish it globally, who may deletes it. 'Neue
 * Vorlage' with can_manage_templates; the settings dialog holds tags and customer types.
 */
export function TemplatesPage() {
  const policy = usePolicy();
  const viewMode = useAppSelector(selectUserSettings).display.templates.viewMode;
  const { change, error: settingsError } = useSettingsSaver();
  const templatesQuery = useTemplatesQuery();
  const load = loadStateOf(templatesQuery);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const me = policy.actor?.id ?? null;
  const sections = useMemo(() => {
    const templates = load.status === 'loaded' ? [...load.data].sort(byName) : [];
    return {
      global: templates.filter((template) => template.ownerId === null),
      mine: templates.filter((template) => template.ownerId !== null && template.ownerId === me),
      // Only if the server lists someone else's personal templates (Admin, Firmenleiter).
      others: templates.filter((template) => template.ownerId !== null && template.ownerId !== me),
    };
  }, [load, me]);

  const onAction = (kind: TemplateAction, template: TemplateSummaryDto) => {
    setNotice(null);
    setDialog({ kind, template });
  };
  const close = () => setDialog(null);
  const done = (message: string) => {
    setDialog(null);
    setNotice(message);
  };

  return (
    <div className="page templates-page">
      <header className="page__header">
        <h1 className="page__title">{de.pages.templates}</h1>
        <div className="page__actions">
          {/* Everyone sees the tags and customer types; editing them needs can_manage_customer_types (inside the tabs). */}
          <button type="button" className="button button--secondary" onClick={() => setDialog({ kind: 'settings' })}>
            {t.settings}
          </button>
          {policy.allows(canCreateTemplate) && (
            <Link className="button button--primary" to="/template/edit/new">
              {t.newTemplate}
            </Link>
          )}
        </div>
      </header>

      <div className="templates-page__toolbar">
        <div className="view-switch" role="group" aria-label={t.viewMode}>
          {TEMPLATE_VIEW_MODES.map((mode) => (
            <button
              key={mode}
              type="button"
              className="view-switch__option"
              aria-pressed={viewMode === mode}
              onClick={() => change({ display: { templates: { viewMode: mode } } })}
            >
              {t.viewModes[mode]}
            </button>
          ))}
        </div>
      </div>
      {settingsError && (
        <p role="alert" className="message message--error">
          {settingsError}
        </p>
      )}
      {notice && (
        <p role="status" className="message message--success">
          {notice}
        </p>
      )}

      {load.status === 'loading' && <p className="muted">{de.actions.loading}</p>}
      {load.status === 'failed' && <LoadFailed message={t.loadFailed} onRetry={() => void templatesQuery.refetch()} />}
      {load.status === 'loaded' && (
        <>
          <TemplateSection
            title={t.globalTemplates}
            templates={sections.global}
            viewMode={viewMode}
            onAction={onAction}
          />
          <TemplateSection
            title={t.personalTemplates}
            templates={sections.mine}
            viewMode={viewMode}
            onAction={onAction}
          />
          {sections.others.length > 0 && (
            <TemplateSection
              title={t.otherTemplates}
              templates={sections.others}
              viewMode={viewMode}
              onAction={onAction}
            />
          )}
        </>
      )}

      {dialog?.kind === 'settings' && <TemplateSettingsDialog onClose={close} />}
      {dialog?.kind === 'share' && <ShareTemplateDialog template={dialog.template} onClose={close} onShared={done} />}
      {dialog?.kind === 'publish' && (
        <PublishTemplateDialog
          template={dialog.template}
          onClose={close}
          onPublished={(updated) => done(t.publish.success(updated.name))}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteTemplateDialog
          template={dialog.template}
          onClose={close}
          onDeleted={() => done(t.delete.success(dialog.template.name))}
        />
      )}
    </div>
  );
}

function TemplateSection({
  title,
  templates,
  viewMode,
  onAction,
}: {
  title: string;
  templates: TemplateSummaryDto[];
  viewMode: TemplateViewMode;
  onAction: (kind: TemplateAction, template: TemplateSummaryDto) => void;
}) {
  return (
    <section className="templates-section" aria-label={title}>
      <h2 className="templates-section__title">
        {title} <span className="templates-section__count">({templates.length})</span>
      </h2>
      {templates.length === 0 ? (
        <p className="muted">{t.empty}</p>
      ) : (
        <TemplateList templates={templates} viewMode={viewMode} label={title} onAction={onAction} />
      )}
    </section>
  );
}
