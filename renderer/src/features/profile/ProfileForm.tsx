import type { FormEvent } from 'react';
import { useState } from 'react';
import type { CurrentUserDto, ProfileVisibility } from '@werkboard/common';
import { de, PROFILE_VISIBILITIES, profileUpdateSchema, validate } from '@werkboard/common';
import { FormField } from '../../components/FormField';
import { FormFooter } from '../../components/FormFeedback';
import { ContactFields } from '../../entities/user/ContactFields';
import { useFocusFirstInvalid } from '../../components/useFocusFirstInvalid';
import { useSubmit } from '../../components/useSubmit';
import { useAppDispatch } from '../../store/hooks';
import { formatDateTime, toColorInputValue } from '../../utils/format';
import { failureOf, saveProfile } from './profileThunks';

const p = de.profileScreen;

interface ProfileFormState {
  usernameColor: string;
  email: string;
  phone: string;
  privatePhone: string;
  address: string;
  website: string;
  otherInfo: string;
  profileVisibility: ProfileVisibility;
}

function formOf(user: CurrentUserDto): ProfileFormState {
  return {
    usernameColor: toColorInputValue(user.usernameColor),
    email: user.email ?? '',
    phone: user.phone ?? '',
    privatePhone: user.privatePhone ?? '',
    address: user.address ?? '',
    website: user.website ?? '',
    otherInfo: user.otherInfo ?? '',
    profileVisibility: user.profileVisibility,
  };
}

export function ProfileForm({ user }: { user: CurrentUserDto }) {
  const dispatch = useAppDispatch();
  const [form, setForm] = useState<ProfileFormState>(() => formOf(user));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const formRef = useFocusFirstInvalid(fieldErrors);
  const submit = useSubmit();

  const set =
    <K extends keyof ProfileFormState>(key: K) =>
    (value: ProfileFormState[K]) => {
      submit.clear();
      setForm((current) => ({ ...current, [key]: value }));
    };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.busy) return;
    const checked = validate(profileUpdateSchema, form);
    if (!checked.ok) {
      setFieldErrors(checked.fields);
      return;
    }
    setFieldErrors({});
    await submit.run(
      // The form shows what the server stored (trimmed, cleared fields empty).
      async () => setForm(formOf(await dispatch(saveProfile(checked.value)))),
      (caught) => failureOf(caught, setFieldErrors),
      de.profile.saved,
    );
  };

  return (
    <section className="panel" aria-labelledby="profile-details-title">
      <h2 id="profile-details-title" className="panel__title">
        {p.detailsTitle}
      </h2>
      <div className="profile-header">
        <span className="avatar avatar--large" style={{ borderColor: form.usernameColor, color: form.usernameColor }}>
          <span aria-hidden="true">{user.username.trim().charAt(0).toLocaleUpperCase('de-DE') || '?'}</span>
          <span className="visually-hidden">{p.avatar}</span>
        </span>
        <div>
          <p className="profile-header__name" style={{ color: form.usernameColor }}>
            {user.username}
          </p>
          <p className="muted profile-header__role">{user.role}</p>
          <p className="field__hint">{p.avatarFixed}</p>
        </div>
      </div>
      <form ref={formRef} className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormField label={p.usernameColor} error={fieldErrors.usernameColor}>
          <input
            type="color"
            className="color-input"
            value={form.usernameColor}
            onChange={(event) => set('usernameColor')(event.target.value)}
          />
        </FormField>
        <ContactFields values={form} errors={fieldErrors} onChange={(key, value) => set(key)(value)} />
        <FormField label={p.visibility} hint={p.visibilityHint} error={fieldErrors.profileVisibility}>
          <select
            value={form.profileVisibility}
            onChange={(event) => set('profileVisibility')(event.target.value as ProfileVisibility)}
          >
            {PROFILE_VISIBILITIES.map((value) => (
              <option key={value} value={value}>
                {de.profile.visibility[value]}
              </option>
            ))}
          </select>
        </FormField>
        <dl className="facts">
          <div className="facts__item">
            <dt>{p.lastLogin}</dt>
            <dd>{formatDateTime(user.lastLogin) ?? p.never}</dd>
          </div>
          <div className="facts__item">
            <dt>{p.lastModified}</dt>
            <dd>{formatDateTime(user.lastModified) ?? '–'}</dd>
          </div>
        </dl>
        <FormFooter feedback={submit.feedback} saving={submit.busy} label={p.save} />
      </form>
    </section>
  );
}
