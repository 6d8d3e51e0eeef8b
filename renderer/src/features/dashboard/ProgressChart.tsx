import { useEffect, useRef } from 'react';
import type { Chart } from 'chart.js';
import { de } from '@werkboard/common';
import type { ProgressChartRow } from '../../utils/progressChart';
import { loadChartJs, progressChartConfig, SCREEN_LOOK } from '../../utils/progressChart';

export type { ProgressChartRow } from '../../utils/progressChart';

const c = de.dashboard.charts;

interface ProgressChartProps {
  caption: string;
  /** Header of the label column ('Spalte', 'Projekt'). */
  labelHeader: string;
  /** Header of the detail column ('Aufgaben', 'Erledigt'). */
  detailHeader: string;
  /** Header of the percentage column ('Anteil', 'Fortschritt'), also the axis title. */
  percentHeader: string;
  axisTitle: string;
  rows: readonly ProgressChartRow[];
}

/** Room per bar, so long lists stay readable on a phone. */
const ROW_HEIGHT_PX = 36;

/**
 * A horizontal bar chart (chart.js) whose value axis runs from 0 to 100 percent (spec section 4),
 * with the same numbers as a table: the canvas is a picture for the eye, the table is what
 * screen readers (and the tests, in jsdom without canvas) read. chart.js is loaded only when
 * the canvas really draws.
 */
export function ProgressChart({
  caption,
  labelHeader,
  detailHeader,
  percentHeader,
  axisTitle,
  rows,
}: ProgressChartProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!context) return;
    let chart: Chart | null = null;
    let cancelled = false;
    void loadChartJs().then((ChartJs) => {
      if (cancelled) return;
      chart = new ChartJs(
        context,
        progressChartConfig(rows, { dataset: percentHeader, axis: axisTitle }, SCREEN_LOOK, { responsive: true }),
      );
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [rows, percentHeader, axisTitle]);

  return (
    <figure className="progress-chart">
      <div className="progress-chart__canvas" style={{ height: `${Math.max(2, rows.length) * ROW_HEIGHT_PX + 56}px` }}>
        <canvas ref={canvasRef} aria-hidden="true" />
      </div>
      <table className="progress-chart__table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeader}</th>
            <th scope="col">{percentHeader}</th>
            <th scope="col">{detailHeader}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td>{c.percent(row.percent)}</td>
              <td>{row.detail}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
