import { de } from '@werkboard/common';
import { FormField } from '../../components/FormField';
import { useProjectGroupsQuery } from '../../api/endpoints/projectGroups';
import { useFreeLicense } from '../../entities/session/useFreeLicense';

const t = de.organise.groups;

/**
 * 'Projektgruppe' in the edit project modal: Keine or one of GET /project-groups. On the Free
 * license groups are disabled (the server refuses a group there), so the select is too.
 */
export function ProjectGroupSelect({
  value,
  onChange,
  disabled = false,
}: {
  value: string | null;
  onChange: (groupId: string | null) => void;
  disabled?: boolean;
}) {
  const free = useFreeLicense();
  const list = useProjectGroupsQuery();
  const groups = list.data ?? null;
  const failed = groups === null && list.isError;

  const known = groups?.some((group) => group.id === value) ?? false;
  const hint = free ? t.freeLicense : failed ? t.loadFailed : undefined;

  return (
    <FormField label={t.projectGroup} hint={hint}>
      <select
        value={value ?? ''}
        disabled={disabled || free}
        onChange={(event) => onChange(event.target.value || null)}
      >
        <option value="">{t.noGroup}</option>
        {value && !known && (
          <option value={value}>{groups === null && !failed ? de.actions.loading : t.unknownGroup}</option>
        )}
        {groups?.map((group) => (
          <option key={group.id} value={group.id}>
            {group.name}
          </option>
        ))}
      </select>
    </FormField>
  );
}
