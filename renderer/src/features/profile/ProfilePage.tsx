import { useEffect } from 'react';
import { de } from '@werkboard/common';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { PasswordChangeForm } from './PasswordChangeForm';
import { DigestPanel } from './DigestPanel';
import { ProfileForm } from './ProfileForm';
import { PushPanel } from './PushPanel';
import { SecondFactorPanel } from './SecondFactorPanel';
import { SessionsPanel } from './SessionsPanel';
import { refreshCurrentUser } from '../../entities/session/sessionThunks';

/** /profile: one's own profile details, push notifications, the e-mail digest, the password change and the signed-in devices. */
export function ProfilePage() {
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.auth.user);

  useEffect(() => {
    void dispatch(refreshCurrentUser());
  }, [dispatch]);

  if (!user) return null;
  return (
    <div className="page page--narrow">
      <h1 className="page__title">{de.pages.profile}</h1>
      <ProfileForm key={user.id} user={user} />
      <PushPanel />
      <DigestPanel />
      <PasswordChangeForm />
      <SecondFactorPanel />
      <SessionsPanel />
    </div>
  );
}
