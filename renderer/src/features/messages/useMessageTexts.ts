import { useEffect, useState } from 'react';
import type { MessageDto } from '@werkboard/common';
import { onKeyChange } from '../../entities/messaging/keyVault';
import { unlockedKey } from '../../entities/messaging/messageKeys';
import { messageCryptoAvailable, openMessage, type UnlockedKey } from '../../entities/messaging/messageCrypto';
import { useAppDispatch, useAppSelector } from '../../store/hooks';

export type KeyState =
  { status: 'checking' } | { status: 'insecure' } | { status: 'locked' } | { status: 'ready'; key: UnlockedKey };

/** The signed-in user's message key on this device: no WebCrypto (plain http), locked, or ready. */
export function useMessageKey(): KeyState {
  const dispatch = useAppDispatch();
  const userId = useAppSelector((state) => state.auth.user?.id);
  const [state, setState] = useState<KeyState>(() =>
    messageCryptoAvailable() ? { status: 'checking' } : { status: 'insecure' },
  );
  useEffect(() => {
    if (!messageCryptoAvailable()) return;
    let current = true;
    // Only the latest read may set the state: an older one can answer later with what was true before.
    let latest = 0;
    const read = () => {
      const mine = ++latest;
      void dispatch(unlockedKey()).then((key) => {
        if (current && mine === latest) setState(key ? { status: 'ready', key } : { status: 'locked' });
      });
    };
    read();
    // Right after login the key is still being unlocked: it arrives here when kept.
    const unsubscribe = onKeyChange(read);
    return () => {
      current = false;
      unsubscribe();
    };
  }, [dispatch, userId]);
  return state;
}

/** Opened texts by message id: a message is opened once per tab, polling does not repeat it. */
const opened = new Map<string, string | null>();

/**
 * The texts of `messages` for the signed-in user: a string, null when it cannot be opened
 * ('Nachricht kann nicht entschlüsselt werden.'), undefined while opening.
 */
export function useMessageTexts(messages: readonly MessageDto[], key: UnlockedKey | null, userId: string) {
  const [texts, setTexts] = useState<ReadonlyMap<string, string | null>>(() => new Map());
  useEffect(() => {
    let current = true;
    const cacheKey = (message: MessageDto) => `${key?.keyId ?? '-'}:${message.id}`;
    void Promise.all(
      messages.map(async (message) => {
        const id = cacheKey(message);
        if (!opened.has(id))
          opened.set(id, key ? await openMessage(message.content, key, message.senderId === userId) : null);
        return [message.id, opened.get(id) ?? null] as const;
      }),
    ).then((entries) => {
      // Unchanged texts keep the same map, so an answer that changed nothing renders nothing.
      if (current)
        setTexts((before) =>
          before.size === entries.length && entries.every(([id, text]) => before.get(id) === text)
            ? before
            : new Map(entries),
        );
    });
    return () => {
      current = false;
    };
  }, [messages, key, userId]);
  return texts;
}
