/**
 * chart.js + react-chartjs-2, in a chunk of their own: loaded only when a report shows a chart
 * (see ./index.tsx), never with another page.
 */
import {
  ArcElement,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
  type TooltipItem,
} from 'chart.js';
import { Bar, Line, Pie } from 'react-chartjs-2';
import { formatBRL } from '../../../domain/money';
import type { BarChartProps, LineChartProps, PieChartProps } from './types';

ChartJS.register(ArcElement, BarElement, CategoryScale, Filler, Legend, LinearScale, LineElement, PointElement, Tooltip);
ChartJS.defaults.font.family = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

const money = (v: number | string) => formatBRL(Number(v));
/** Short axis labels: R$ 12 mil, R$ 1,2 mi. */
function axisMoney(v: number | string): string {
  const n = Number(v);
  const abs = Math.abs(n);
  if (abs >= 1_000_000) return `R$ ${(n / 1_000_000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} mi`;
  if (abs >= 10_000) return `R$ ${(n / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 0 })} mil`;
  return formatBRL(n).replace(/,00$/, '');
}

export function LineChartImpl({ labels, series, height, ariaLabel }: LineChartProps) {
  return (
    <div style={{ position: 'relative', height }}>
      <Line
        aria-label={ariaLabel}
        role="img"
        data={{
          labels,
          datasets: series.map((s) => ({
            label: s.label,
            data: s.values,
            borderColor: s.color,
            backgroundColor: `${s.color}33`,
            pointRadius: labels.length > 62 ? 0 : 2,
            borderWidth: 2,
            tension: 0,
          })),
        }}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          interaction: { mode: 'index', intersect: false },
          scales: {
            y: { beginAtZero: true, ticks: { callback: axisMoney, maxTicksLimit: 6 } },
            x: { ticks: { maxRotation: 0, autoSkip: true, maxTicksLimit: 8 } },
          },
          plugins: {
            legend: { position: 'bottom' },
            tooltip: { callbacks: { label: (c: TooltipItem<'line'>) => `${c.dataset.label}: ${money(c.parsed.y ?? 0)}` } },
          },
        }}
      />
    </div>
  );
}

export function BarChartImpl({ labels, series, height, ariaLabel, horizontal, format = 'money' }: BarChartProps) {
  const fmt = format === 'money' ? money : (v: number | string) => Number(v).toLocaleString('pt-BR');
  const axis = format === 'money' ? axisMoney : (v: number | string) => Number(v).toLocaleString('pt-BR');
  const valueAxis = { beginAtZero: true, ticks: { callback: axis, maxRotation: 0, maxTicksLimit: 5 } };
  const labelAxis = {
    ticks: {
      autoSkip: false,
      callback(this: { getLabelForValue(v: number): string }, v: number | string) {
        const l = this.getLabelForValue(Number(v));
        return l.length > 16 ? `${l.slice(0, 15)}…` : l;
      },
    },
  };
  return (
    <div style={{ position: 'relative', height }}>
      <Bar
        aria-label={ariaLabel}
        role="img"
        data={{
          labels,
          datasets: series.map((s) => ({ label: s.label, data: s.values, backgroundColor: s.color, borderRadius: 4, maxBarThickness: 40 })),
        }}
        options={{
          indexAxis: horizontal ? 'y' : 'x',
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          scales: horizontal ? { x: valueAxis, y: labelAxis } : { y: valueAxis, x: labelAxis },
          plugins: {
            legend: { display: series.length > 1, position: 'bottom' },
            tooltip: {
              callbacks: {
                title: (items: TooltipItem<'bar'>[]) => String(labels[items[0]?.dataIndex ?? 0] ?? ''),
                label: (c: TooltipItem<'bar'>) => `${c.dataset.label}: ${fmt(horizontal ? (c.parsed.x ?? 0) : (c.parsed.y ?? 0))}`,
              },
            },
          },
        }}
      />
    </div>
  );
}

export function PieChartImpl({ labels, values, colors, height, ariaLabel, format = 'money', radius = 120 }: PieChartProps) {
  const total = values.reduce((a, b) => a + b, 0);
  const fmt = format === 'money' ? money : (v: number) => `${v.toLocaleString('pt-BR')} ${v === 1 ? 'cliente' : 'clientes'}`;
  return (
    <div style={{ position: 'relative', height }}>
      <Pie
        aria-label={ariaLabel}
        role="img"
        data={{ labels, datasets: [{ data: values, backgroundColor: colors, borderColor: '#fff', borderWidth: 2 }] }}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          radius,
          plugins: {
            legend: { position: 'bottom' },
            tooltip: {
              callbacks: {
                label: (c: TooltipItem<'pie'>) => {
                  const v = Number(c.raw ?? 0);
                  const pct = total > 0 ? ((v * 100) / total).toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }) : '0,0';
                  return `${c.label}: ${pct}% (${fmt(v)})`;
                },
              },
            },
          },
        }}
      />
    </div>
  );
}
