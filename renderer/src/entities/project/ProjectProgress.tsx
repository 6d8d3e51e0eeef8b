import { de, progressOf } from '@werkboard/common';

const t = de.projectOverview;

/** Progress = cards in the last column / all cards (spec section 4): bar, percent and done/total. */
export function ProjectProgress({ done, total }: { done: number; total: number }) {
  const progress = progressOf(done, total);
  return (
    <div className="project-progress">
      <div
        className="project-progress__bar"
        role="progressbar"
        aria-label={t.progress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={t.progressValue(progress.percent, progress.done, progress.total)}
      >
        <div className="project-progress__fill" style={{ width: `${progress.percent}%` }} />
      </div>
      <span className="project-progress__percent">{t.percent(progress.percent)}</span>
      <span className="project-progress__count">{t.doneOfTotal(progress.done, progress.total)}</span>
    </div>
  );
}
