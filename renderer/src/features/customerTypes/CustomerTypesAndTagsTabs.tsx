import { useCallback, useEffect, useState } from 'react';
import type { TagDto } from '@werkboard/common';
import { canManageCustomerTypes, de } from '@werkboard/common';
import { Tabs } from '../../components/Tabs';
import { useAppDispatch } from '../../store/hooks';
import { usePolicy } from '../auth/usePolicy';
import { CustomerTypesPanel } from './CustomerTypesPanel';
import { fetchCustomerTypes, fetchTags } from './customerTypeThunks';
import { TagsPanel } from './TagsPanel';

const t = de.organise.settings;

type TabId = 'tags' | 'types';

export interface CatalogData {
  types: string[];
  tags: TagDto[];
}

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; data: CatalogData };

const TABS = [
  { id: 'tags', label: t.tagsTab },
  { id: 'types', label: t.typesTab },
] as const;

/**
 * The tabs 'Tags' and 'Kundentypen' (spec sections 2 and 5), in the settings dialog and in
 * the templates' settings. Editing needs can_manage_customer_types; without it both lists
 * are read-only. Writes update the lists here at once, so the selected type stays put.
 */
export function CustomerTypesAndTagsTabs() {
  const dispatch = useAppDispatch();
  const editable = usePolicy().allows(canManageCustomerTypes);
  const [tab, setTab] = useState<TabId>('tags');
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  // The type whose tags the Tags tab shows; kept here so switching tabs does not lose it.
  const [selectedType, setSelectedType] = useState<string | null>(null);

  const reload = useCallback(() => {
    let live = true;
    setLoad({ status: 'loading' });
    Promise.all([dispatch(fetchCustomerTypes()), dispatch(fetchTags())]).then(
      ([types, tags]) => live && setLoad({ status: 'loaded', data: { types, tags } }),
      () => live && setLoad({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [dispatch]);

  useEffect(() => reload(), [reload]);

  const change = useCallback(
    (recipe: (data: CatalogData) => CatalogData) =>
      setLoad((before) => (before.status === 'loaded' ? { ...before, data: recipe(before.data) } : before)),
    [],
  );

  if (load.status === 'loading') return <p className="muted">{de.actions.loading}</p>;
  if (load.status === 'failed') {
    return (
      <div role="alert" className="message message--error">
        <p>{t.loadFailed}</p>
        <button type="button" className="link-button" onClick={() => reload()}>
          {de.actions.retry}
        </button>
      </div>
    );
  }

  const { data } = load;
  const shownType = selectedType && data.types.includes(selectedType) ? selectedType : (data.types[0] ?? '');

  return (
    <div className="catalog">
      {!editable && <p className="muted">{t.readOnly}</p>}
      <Tabs tabs={TABS} selected={tab} onSelect={setTab}>
        {tab === 'tags' ? (
          <TagsPanel
            data={data}
            customerType={shownType}
            onSelectType={setSelectedType}
            editable={editable}
            onChange={change}
          />
        ) : (
          <CustomerTypesPanel
            data={data}
            editable={editable}
            onChange={change}
            onRenamed={(from, to) => setSelectedType((current) => (current === from ? to : current))}
          />
        )}
      </Tabs>
    </div>
  );
}
