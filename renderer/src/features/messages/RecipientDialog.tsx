import { useMemo, useState } from 'react';
import type { UserDirectoryEntryDto } from '@werkboard/common';
import { de } from '@werkboard/common';
import { useUserDirectoryQuery } from '../../api/endpoints/users';
import { loadStateOf } from '../../api/loadState';
import { Dialog } from '../../components/Dialog';

const m = de.directMessages;

/** 'Senden': choose whom to write to (everyone but oneself, filtered by name, sorted by name). */
export function RecipientDialog({
  ownId,
  onChoose,
  onClose,
}: {
  ownId: string;
  onChoose: (user: UserDirectoryEntryDto) => void;
  onClose: () => void;
}) {
  const directory = loadStateOf(useUserDirectoryQuery());
  const [filter, setFilter] = useState('');
  const people = useMemo(() => {
    if (directory.status !== 'loaded') return [];
    const wanted = filter.trim().toLocaleLowerCase('de');
    return directory.data.filter((user) => user.id !== ownId && user.username.toLocaleLowerCase('de').includes(wanted));
  }, [directory, filter, ownId]);

  return (
    <Dialog title={m.newConversation} onClose={onClose}>
      <input
        className="recipient-search"
        type="search"
        aria-label={m.searchUsers}
        placeholder={m.searchUsers}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      {directory.status === 'loading' && <p className="muted">{de.app.loading}</p>}
      {directory.status === 'failed' && <p className="form-error">{m.loadFailed}</p>}
      {directory.status === 'loaded' && people.length === 0 && <p className="muted">{m.noUsersFound}</p>}
      <ul className="recipient-list">
        {people.map((user) => (
          <li key={user.id}>
            <button type="button" className="recipient-list__item" onClick={() => onChoose(user)}>
              <span style={{ color: user.usernameColor }}>{user.username}</span>
              <span className="muted">{user.role}</span>
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
