import { de } from '@werkboard/common';
import { FormField } from '../../components/FormField';
import type { DashboardFilters, DashboardSort, EmployeeOption } from './dashboardFilters';
import { ALL, DASHBOARD_SORTS, DEFAULT_DASHBOARD_FILTERS, hasActiveFilters } from './dashboardFilters';
import { ValueOptions } from '../../components/ValueOptions';

const f = de.dashboard.filters;

interface FilterPanelProps {
  id: string;
  filters: DashboardFilters;
  employees: readonly EmployeeOption[];
  customerTypes: readonly string[];
  onChange: (filters: DashboardFilters) => void;
}

/** 'Suchen & Filtern' (spec section 2): text, employee, customer type and the four sort orders. */
export function FilterPanel({ id, filters, employees, customerTypes, onChange }: FilterPanelProps) {
  const set = <K extends keyof DashboardFilters>(key: K, value: DashboardFilters[K]) =>
    onChange({ ...filters, [key]: value });
  return (
    <section id={id} className="dash-filters" aria-label={f.title}>
      <div className="dash-filters__grid">
        <FormField label={f.text}>
          <input
            type="search"
            autoComplete="off"
            placeholder={f.textPlaceholder}
            value={filters.text}
            onChange={(event) => set('text', event.target.value)}
          />
        </FormField>
        <FormField label={f.employee} hint={f.employeeHint}>
          <select value={filters.employeeId} onChange={(event) => set('employeeId', event.target.value)}>
            <option value={ALL}>{f.all}</option>
            {employees.map((employee) => (
              <option key={employee.id} value={employee.id}>
                {employee.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={f.customerType}>
          <select value={filters.customerType} onChange={(event) => set('customerType', event.target.value)}>
            <option value={ALL}>{f.all}</option>
            <ValueOptions values={customerTypes} />
          </select>
        </FormField>
        <FormField label={f.sort}>
          <select value={filters.sort} onChange={(event) => set('sort', event.target.value as DashboardSort)}>
            {DASHBOARD_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {f.sorts[sort]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      {(hasActiveFilters(filters) || filters.sort !== DEFAULT_DASHBOARD_FILTERS.sort) && (
        <button type="button" className="link-button" onClick={() => onChange(DEFAULT_DASHBOARD_FILTERS)}>
          {f.reset}
        </button>
      )}
    </section>
  );
}
