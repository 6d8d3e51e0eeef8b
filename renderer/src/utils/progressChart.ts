import type * as ChartJs from 'chart.js';
import type { ChartConfiguration } from 'chart.js';
import type { ColumnDto } from '@werkboard/common';
import { de, inBoardOrder, progressOf } from '@werkboard/common';

const c = de.dashboard.charts;

export interface ProgressChartRow {
  key: string;
  label: string;
  /** 0 to 100. */
  percent: number;
  /** The numbers behind the percentage, e.g. '3/4' or '5'. */
  detail: string;
  /** The bar's own colour (the PDF's columns in their tone); else the look's. */
  color?: string;
}

export interface ProgressChartLook {
  bar: string;
  text: string;
  grid: string;
}

/** The dashboard's dark look. */
export const SCREEN_LOOK: ProgressChartLook = { bar: '#3fbf6f', text: '#9aa0a6', grid: '#2e3237' };
/** Black on white for the PDF. */
export const PRINT_LOOK: ProgressChartLook = { bar: '#2e9d5b', text: '#1d2125', grid: '#d5dbe0' };

/**
 * The progress chart of the dashboard and the reports: horizontal bars on a value axis from 0
 * to 100 percent (spec section 4). One configuration for the screen and the PDF's image.
 */
export function progressChartConfig(
  rows: readonly ProgressChartRow[],
  labels: { dataset: string; axis: string },
  look: ProgressChartLook,
  options: { responsive: boolean; fontSize?: number },
): ChartConfiguration<'bar'> {
  const font = options.fontSize ? { size: options.fontSize } : {};
  return {
    type: 'bar',
    data: {
      labels: rows.map((row) => row.label),
      datasets: [
        {
          label: labels.dataset,
          data: rows.map((row) => row.percent),
          backgroundColor: rows.map((row) => row.color ?? look.bar),
        },
      ],
    },
    options: {
      indexAxis: 'y',
      responsive: options.responsive,
      maintainAspectRatio: false,
      animation: false,
      scales: {
        x: {
          min: 0,
          max: 100,
          title: { display: true, text: labels.axis, color: look.text, font },
          ticks: { color: look.text, font, callback: (value) => c.percent(Number(value)) },
          grid: { color: look.grid },
        },
        y: { ticks: { color: look.text, font }, grid: { color: look.grid } },
      },
      plugins: {
        legend: { display: false },
        tooltip: { callbacks: { label: (item) => c.percent(Number(item.raw)) } },
      },
    },
  };
}

/** chart.js, loaded on first use (a chunk of its own) with the parts the bar chart needs. */
export async function loadChartJs(): Promise<typeof ChartJs.Chart> {
  const { Chart, BarController, BarElement, CategoryScale, LinearScale, Tooltip } = await import('chart.js');
  Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);
  return Chart;
}

/** Each column's share of the project's tasks, in board order; the last column is the progress. */
export function columnShares(columns: readonly ColumnDto[]): ProgressChartRow[] {
  const total = columns.reduce((sum, column) => sum + column.cards.length, 0);
  return inBoardOrder(columns).map((column) => ({
    key: column.id,
    label: column.title,
    percent: progressOf(column.cards.length, total).percent,
    detail: String(column.cards.length),
  }));
}
