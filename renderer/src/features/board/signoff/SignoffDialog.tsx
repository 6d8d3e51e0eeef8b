import { useState } from 'react';
import type { FormEvent } from 'react';
import { addSignoff, de, formatDay, formatHours, formatQuantity, newId, openCoverage } from '@werkboard/common';
import { Dialog } from '../../../components/Dialog';
import { FormField } from '../../../components/FormField';
import { FormError } from '../../../components/FormActions';
import { applyEdit } from '../../../entities/project/projectThunks';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { SignaturePad } from './SignaturePad';

const m = de.projects.signoff;

/**
 * 'Abnahme durch den Kunden' of a card or (cardId null) of the whole project: what it
 * covers, the signer's name, the pad. Saved like every edit (offline into the outbox); the
 * server seals the covered entries.
 */
export function SignoffDialog({ cardId, onClose }: { cardId: string | null; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const document = useAppSelector((state) => state.project.document);
  const [name, setName] = useState('');
  const [signature, setSignature] = useState('');
  const [clearKey, setClearKey] = useState(0);
  const [errors, setErrors] = useState<{ name?: string; signature?: string }>({});
  if (!document) return null;
  const coverage = openCoverage(document, cardId);
  const nothing = coverage.timeEntries.length === 0 && coverage.materialEntries.length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      name: name.trim() ? undefined : m.signerRequired,
      signature: signature ? undefined : m.signatureRequired,
    };
    setErrors(next);
    if (next.name || next.signature) return;
    const input = { cardId, signerName: name, signature, signedAt: new Date() };
    dispatch(applyEdit((draft) => addSignoff(draft, input, newId())));
    onClose();
  };

  return (
    <Dialog title={m.title} onClose={onClose}>
      <form className="signoff-form" onSubmit={submit} noValidate>
        <section aria-label={m.coverageLabel}>
          <h3 className="signoff-form__heading">{m.coverageLabel}</h3>
          {nothing ? (
            <p className="muted">{m.coversNothing}</p>
          ) : (
            <ul className="signoff-form__coverage">
              {coverage.timeEntries.map(({ card, entry }) => (
                <li key={entry.id}>
                  {m.coveredTime(formatDay(entry.date), entry.username, formatHours(entry.hours), card.title)}
                </li>
              ))}
              {coverage.materialEntries.map(({ card, entry }) => (
                <li key={entry.id}>
                  {m.coveredMaterial(`${formatQuantity(entry.quantity)} ${entry.unit}`.trim(), entry.name, card.title)}
                </li>
              ))}
            </ul>
          )}
        </section>
        <FormField label={m.signerLabel} error={errors.name}>
          <input value={name} autoComplete="off" maxLength={200} onChange={(event) => setName(event.target.value)} />
        </FormField>
        <p className="signoff-form__hint">{m.padHint}</p>
        <SignaturePad onChange={setSignature} clearKey={clearKey} />
        <FormError error={errors.signature ?? null} />
        <div className="dialog__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setSignature('');
              setClearKey((key) => key + 1);
            }}
          >
            {m.clear}
          </button>
          <button type="submit" className="button button--primary">
            {m.sign}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
