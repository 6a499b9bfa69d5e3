/** Lazy charts: the cards and tables show at once, the charts when chart.js has loaded. */
import { lazy, Suspense } from 'react';
import { Skeleton } from '@chakra-ui/react';
import type { BarChartProps, LineChartProps, PieChartProps } from './types';

const load = () => import('./ChartsImpl');
const LazyLine = lazy(() => load().then((m) => ({ default: m.LineChartImpl })));
const LazyBar = lazy(() => load().then((m) => ({ default: m.BarChartImpl })));
const LazyPie = lazy(() => load().then((m) => ({ default: m.PieChartImpl })));

const Fallback = ({ height }: { height: number }) => <Skeleton height={`${height}px`} width="100%" rounded="md" />;

export function LineChart(props: LineChartProps) {
  return (
    <Suspense fallback={<Fallback height={props.height} />}>
      <LazyLine {...props} />
    </Suspense>
  );
}

export function BarChart(props: BarChartProps) {
  return (
    <Suspense fallback={<Fallback height={props.height} />}>
      <LazyBar {...props} />
    </Suspense>
  );
}

export function PieChart(props: PieChartProps) {
  return (
    <Suspense fallback={<Fallback height={props.height} />}>
      <LazyPie {...props} />
    </Suspense>
  );
}

export { COLORS, METHOD_COLORS, PALETTE } from './types';
