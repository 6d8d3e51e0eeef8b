import { de } from '@werkboard/common';
import { Dialog } from '../components/Dialog';
import { CustomerTypesAndTagsTabs } from '../features/customerTypes/CustomerTypesAndTagsTabs';

/** The templates page's settings (spec section 2): the tabs Tags and Kundentypen. */
export function TemplateSettingsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title={de.templatesScreen.settingsTitle} onClose={onClose} wide>
      <CustomerTypesAndTagsTabs />
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {de.app.close}
        </button>
      </div>
    </Dialog>
  );
}
