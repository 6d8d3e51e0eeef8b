import { useEffect, useRef } from 'react';
import type { Chart } from 'chart.js';
import { de } from '@werkboard/common';

const c = de.dashboard.charts;

export interface ProgressChartRow {
  key: string;
  label: string;
  /** 0 to 100. */
  percent: number;
  /** The numbers behind the percentage, e.g. '3/4' or '5'. */
  detail: string;
}

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

const BAR_COLOR = '#3fbf6f';
const TEXT_COLOR = '#9aa0a6';
const GRID_COLOR = '#2e3237';
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
    void import('chart.js').then(({ Chart, BarController, BarElement, CategoryScale, LinearScale, Tooltip }) => {
      if (cancelled) return;
      Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);
      chart = new Chart(context, {
        type: 'bar',
        data: {
          labels: rows.map((row) => row.label),
          datasets: [{ label: percentHeader, data: rows.map((row) => row.percent), backgroundColor: BAR_COLOR }],
        },
        options: {
          indexAxis: 'y',
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          scales: {
            x: {
              min: 0,
              max: 100,
              title: { display: true, text: axisTitle, color: TEXT_COLOR },
              ticks: { color: TEXT_COLOR, callback: (value) => c.percent(Number(value)) },
              grid: { color: GRID_COLOR },
            },
            y: { ticks: { color: TEXT_COLOR }, grid: { color: GRID_COLOR } },
          },
          plugins: {
            legend: { display: false },
            tooltip: { callbacks: { label: (item) => c.percent(Number(item.raw)) } },
          },
        },
      });
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
