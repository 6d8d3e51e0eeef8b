import { useEffect, useState } from 'react';
import { de } from '@werkboard/common';
import { Dialog } from '../../components/Dialog';
import { Tabs } from '../../components/Tabs';
import { useAppSelector } from '../../store/hooks';
import { useBoardUi } from './boardUi';
import { selectCard } from '../../entities/project/projectSlice';
import { TaskDetails } from './TaskDetails';
import { TaskMaterial } from './TaskMaterial';
import { TaskTimes } from './TaskTimes';
import { SignoffDialog } from './signoff/SignoffDialog';
import { SignoffLines } from './signoff/SignoffLines';

type TaskTab = 'details' | 'times' | 'material';

const TABS = [
  { id: 'details', label: de.board.task.tabDetails },
  { id: 'times', label: de.board.task.tabTimes },
  { id: 'material', label: de.board.task.tabMaterial },
] as const satisfies readonly { id: TaskTab; label: string }[];

/**
 * The task dialog with the tabs Details, Zeiten and Material. Read-only projects show the
 * same content without inputs or buttons that change anything. Closes itself when the card
 * is gone (deleted here, or by someone else and brought in by a save answer or reload).
 */
export function TaskDialog({ cardId, onClose }: { cardId: string; onClose: () => void }) {
  const found = useAppSelector((state) => selectCard(state, cardId));
  const { template, readOnly } = useBoardUi();
  const [tab, setTab] = useState<TaskTab>('details');
  const [signing, setSigning] = useState(false);
  const missing = found === null;

  useEffect(() => {
    if (missing) onClose();
  }, [missing, onClose]);

  if (!found) return null;
  const { card, columnId } = found;

  return (
    <Dialog title={card.title} onClose={onClose} wide>
      {/* A template's tasks carry no times or material: only the details. */}
      {template ? (
        <TaskDetails card={card} columnId={columnId} onSaved={onClose} />
      ) : (
        <>
          <div className="task-signoff">
            <SignoffLines cardId={card.id} />
            {!readOnly && (
              <button type="button" className="button button--secondary button--small" onClick={() => setSigning(true)}>
                {de.projects.signoff.title}
              </button>
            )}
          </div>
          <Tabs tabs={TABS} selected={tab} onSelect={setTab}>
            {tab === 'details' && <TaskDetails card={card} columnId={columnId} onSaved={onClose} />}
            {tab === 'times' && <TaskTimes card={card} />}
            {tab === 'material' && <TaskMaterial card={card} />}
          </Tabs>
          {signing && <SignoffDialog cardId={card.id} onClose={() => setSigning(false)} />}
        </>
      )}
    </Dialog>
  );
}
