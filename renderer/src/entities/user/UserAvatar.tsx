/** A round badge with the user's initial (profile pictures are no longer changeable, spec). */
export function UserAvatar({ username, color }: { username: string; color: string }) {
  const initial = username.trim().charAt(0).toLocaleUpperCase('de-DE') || '?';
  return (
    <span className="avatar" style={{ borderColor: color, color }} aria-hidden="true">
      {initial}
    </span>
  );
}
