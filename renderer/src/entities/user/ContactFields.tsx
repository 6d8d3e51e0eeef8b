import { de } from '@werkboard/common';
import { FormField } from '../../components/FormField';

const f = de.users.fields;

export const CONTACT_FIELD_KEYS = ['email', 'phone', 'privatePhone', 'address', 'website', 'otherInfo'] as const;
export type ContactFieldKey = (typeof CONTACT_FIELD_KEYS)[number];
export type ContactValues = Record<ContactFieldKey, string>;

interface ContactFieldsProps {
  values: ContactValues;
  errors: Partial<Record<string, string>>;
  onChange: (key: ContactFieldKey, value: string) => void;
}

/** The optional contact fields shared by the user dialog and the profile (spec sections 2 and 3). */
export function ContactFields({ values, errors, onChange }: ContactFieldsProps) {
  return (
    <>
      <FormField label={f.email} optional error={errors.email}>
        <input type="email" value={values.email} onChange={(event) => onChange('email', event.target.value)} />
      </FormField>
      <div className="form__row">
        <FormField label={f.phone} optional error={errors.phone}>
          <input type="tel" value={values.phone} onChange={(event) => onChange('phone', event.target.value)} />
        </FormField>
        <FormField label={f.privatePhone} optional error={errors.privatePhone}>
          <input
            type="tel"
            value={values.privatePhone}
            onChange={(event) => onChange('privatePhone', event.target.value)}
          />
        </FormField>
      </div>
      <FormField label={f.address} optional error={errors.address}>
        <textarea rows={2} value={values.address} onChange={(event) => onChange('address', event.target.value)} />
      </FormField>
      <FormField label={f.website} optional error={errors.website}>
        <input
          type="url"
          placeholder="https://"
          value={values.website}
          onChange={(event) => onChange('website', event.target.value)}
        />
      </FormField>
      <FormField label={f.otherInfo} optional error={errors.otherInfo}>
        <textarea rows={3} value={values.otherInfo} onChange={(event) => onChange('otherInfo', event.target.value)} />
      </FormField>
    </>
  );
}
