import { useId } from 'react';
import type { TemplateSummaryDto } from '@werkboard/common';
import { de } from '@werkboard/common';
import { FormField } from '../../components/FormField';
import { ProjectIconGlyph } from '../../entities/project/ProjectIconGlyph';
import { ValueOptions } from '../../components/ValueOptions';

const t = de.dashboard.templates;

/** The value of 'Alle' in the customer type filter. */
export const ALL_TYPES = '';

const sameType = (a: string, b: string) => a.trim().toLocaleLowerCase('de-DE') === b.trim().toLocaleLowerCase('de-DE');

/** The templates of one customer type (or all), global ones and personal ones apart. */
export function filterTemplates(
  templates: readonly TemplateSummaryDto[],
  customerType: string,
): { global: TemplateSummaryDto[]; personal: TemplateSummaryDto[] } {
  const shown = templates
    .filter((template) => customerType === ALL_TYPES || sameType(template.customerType, customerType))
    .sort((a, b) => a.name.localeCompare(b.name, 'de-DE', { sensitivity: 'base' }));
  return {
    global: shown.filter((template) => template.ownerId === null),
    personal: shown.filter((template) => template.ownerId !== null),
  };
}

function TemplateOption({ template, onChoose }: { template: TemplateSummaryDto; onChoose: () => void }) {
  const metaId = useId();
  return (
    <li>
      <button
        type="button"
        className="template-choice"
        aria-label={template.name}
        aria-describedby={metaId}
        onClick={onChoose}
      >
        <ProjectIconGlyph icon={template.icon} />
        <span className="template-choice__main">
          <span className="template-choice__name">{template.name}</span>
          <span id={metaId} className="template-choice__meta">
            {[
              t.customerTypeOf(template.customerType),
              template.columnTitles.length > 0 ? t.columns(template.columnTitles) : null,
              template.description || null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </span>
      </button>
    </li>
  );
}

interface TemplateChooserProps {
  templates: readonly TemplateSummaryDto[];
  templatesFailed: boolean;
  customerTypes: readonly string[];
  customerType: string;
  onCustomerTypeChange: (type: string) => void;
  /** null: no template, the server's default template. */
  onChoose: (template: TemplateSummaryDto | null) => void;
}

/**
 * 'Vorlage auswählen', the first step of 'Neues Projekt' (spec section 2): the templates of
 * the chosen customer type (or all), 'Globale Vorlagen' and 'Meine persönlichen Vorlagen'.
 * Without any template (or when they cannot be loaded) the project can still be created from
 * the server's default template.
 */
export function TemplateChooser({
  templates,
  templatesFailed,
  customerTypes,
  customerType,
  onCustomerTypeChange,
  onChoose,
}: TemplateChooserProps) {
  const { global, personal } = filterTemplates(templates, customerType);
  return (
    <div className="template-chooser">
      {templates.length > 0 && (
        <FormField label={t.customerType}>
          <select value={customerType} onChange={(event) => onCustomerTypeChange(event.target.value)}>
            <option value={ALL_TYPES}>{t.all}</option>
            <ValueOptions values={customerTypes} />
          </select>
        </FormField>
      )}
      {templatesFailed && (
        <p role="alert" className="message message--error">
          {t.loadFailed}
        </p>
      )}
      {!templatesFailed && global.length === 0 && personal.length === 0 && <p className="muted">{t.none}</p>}
      {global.length > 0 && (
        <section className="template-chooser__section">
          <h3 className="subheading">{t.global}</h3>
          <ul className="template-chooser__list" aria-label={t.global}>
            {global.map((template) => (
              <TemplateOption key={template.id} template={template} onChoose={() => onChoose(template)} />
            ))}
          </ul>
        </section>
      )}
      {personal.length > 0 && (
        <section className="template-chooser__section">
          <h3 className="subheading">{t.personal}</h3>
          <ul className="template-chooser__list" aria-label={t.personal}>
            {personal.map((template) => (
              <TemplateOption key={template.id} template={template} onChoose={() => onChoose(template)} />
            ))}
          </ul>
        </section>
      )}
      {(templatesFailed || templates.length === 0) && (
        <div className="dialog__actions">
          <button type="button" className="button button--primary" onClick={() => onChoose(null)}>
            {t.withoutTemplate}
          </button>
        </div>
      )}
    </div>
  );
}
