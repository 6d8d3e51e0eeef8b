import { de } from '@werkboard/common';
import { Dialog } from '../../components/Dialog';

/** 'Hilfe/Impressum' (spec: data stored centrally, messages encrypted, who sees what). */
export function HelpDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title={de.help.title} onClose={onClose}>
      <p>
        <strong>{de.app.name}</strong> – {de.app.tagline}
      </p>
      <ul className="help-list">
        <li>{de.help.dataStorage}</li>
        <li>{de.help.messages}</li>
        <li>{de.help.visibility}</li>
      </ul>
      <p className="muted">{de.footer.version(__APP_VERSION__)}</p>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {de.help.close}
        </button>
      </div>
    </Dialog>
  );
}
