import { deStart } from '@werkboard/common';
import { Dialog } from '../../components/Dialog';

/** 'Hilfe/Impressum' (spec: data stored centrally, messages encrypted, who sees what). */
export function HelpDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title={deStart.help.title} onClose={onClose}>
      <p>
        <strong>{deStart.app.name}</strong> – {deStart.app.tagline}
      </p>
      <ul className="help-list">
        <li>{deStart.help.dataStorage}</li>
        <li>{deStart.help.messages}</li>
        <li>{deStart.help.visibility}</li>
      </ul>
      <p className="muted">{deStart.footer.version(__APP_VERSION__)}</p>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {deStart.help.close}
        </button>
      </div>
    </Dialog>
  );
}
