/** 'Movimentação de Estoque': Entradas and Saídas per month (chart.js, loaded lazily with this module). */
import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import type { MonthlyMovement } from '../../domain/stock';
import { formatQuantity } from '../../domain/stock';
import { STOCK_TEXT as T } from './messages';

ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip, Legend);

export default function MovementChart({ months }: { months: MonthlyMovement[] }) {
  return (
    <Bar
      aria-label={T.chartTitle}
      role="img"
      data={{
        labels: months.map((m) => m.label),
        datasets: [
          { label: T.chartEntries, data: months.map((m) => m.entradas), backgroundColor: '#16a34a' },
          { label: T.chartExits, data: months.map((m) => m.saidas), backgroundColor: '#dc2626' },
        ],
      }}
      options={{
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: {
          legend: { position: 'bottom' },
          tooltip: { callbacks: { label: (c) => `${c.dataset.label}: ${formatQuantity(Number(c.raw))}` } },
        },
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
      }}
    />
  );
}
