export interface Series {
  label: string;
  color: string;
  values: number[];
}

interface Common {
  height: number;
  /** What a screen reader hears for the canvas. */
  ariaLabel: string;
}

export interface LineChartProps extends Common {
  labels: string[];
  series: Series[];
}

export interface BarChartProps extends Common {
  labels: string[];
  series: Series[];
  horizontal?: boolean;
  format?: 'money' | 'number';
}

export interface PieChartProps extends Common {
  labels: string[];
  values: number[];
  colors: string[];
  format?: 'money' | 'count';
  radius?: number;
}

export const COLORS = {
  income: '#2f9e44',
  expense: '#e03131',
  blue: '#1c7ed6',
  orange: '#f08c00',
};

/** Pie colours, one per payment method (spec §9) and a palette for the rest. */
export const METHOD_COLORS: Record<string, string> = {
  pix: '#12b886',
  dinheiro: '#f59f00',
  cartao: '#1c7ed6',
  transferencia: '#7048e8',
  'n/a': '#868e96',
};

export const PALETTE = ['#1c7ed6', '#e03131', '#f59f00', '#2f9e44', '#7048e8', '#d6336c', '#0c8599', '#868e96', '#5c940d', '#e8590c', '#495057'];
