import { useState } from 'react';
import { canManageCustomerTypes, de } from '@werkboard/common';
import { Tabs } from '../../components/Tabs';
import { useCustomerTypesQuery } from '../../api/endpoints/customerTypes';
import { useTagsQuery } from '../../api/endpoints/tags';
import { usePolicy } from '../../entities/session/usePolicy';
import type { CatalogData } from './catalogData';
import { CustomerTypesPanel } from './CustomerTypesPanel';
import { TagsPanel } from './TagsPanel';

const t = de.organise.settings;

type TabId = 'tags' | 'types';

const TABS = [
  { id: 'tags', label: t.tagsTab },
  { id: 'types', label: t.typesTab },
] as const;

/**
 * The tabs 'Tags' and 'Kundentypen' (spec sections 2 and 5), in the settings dialog and in
 * the templates' settings. Editing needs can_manage_customer_types; without it both lists
 * are read-only. Writes change the cached lists (api/endpoints), so the selected type stays put.
 */
export function CustomerTypesAndTagsTabs() {
  const editable = usePolicy().allows(canManageCustomerTypes);
  const [tab, setTab] = useState<TabId>('tags');
  const types = useCustomerTypesQuery();
  const tags = useTagsQuery();
  // The type whose tags the Tags tab shows; kept here so switching tabs does not lose it.
  const [selectedType, setSelectedType] = useState<string | null>(null);

  if (types.data === undefined || tags.data === undefined) {
    if (!types.isError && !tags.isError) return <p className="muted">{de.actions.loading}</p>;
    return (
      <div role="alert" className="message message--error">
        <p>{t.loadFailed}</p>
        <button
          type="button"
          className="link-button"
          onClick={() => {
            void types.refetch();
            void tags.refetch();
          }}
        >
          {de.actions.retry}
        </button>
      </div>
    );
  }

  const data: CatalogData = { types: types.data, tags: tags.data };
  const shownType = selectedType && data.types.includes(selectedType) ? selectedType : (data.types[0] ?? '');

  return (
    <div className="catalog">
      {!editable && <p className="muted">{t.readOnly}</p>}
      <Tabs tabs={TABS} selected={tab} onSelect={setTab}>
        {tab === 'tags' ? (
          <TagsPanel data={data} customerType={shownType} onSelectType={setSelectedType} editable={editable} />
        ) : (
          <CustomerTypesPanel
            data={data}
            editable={editable}
            onRenamed={(from, to) => setSelectedType((current) => (current === from ? to : current))}
          />
        )}
      </Tabs>
    </div>
  );
}
