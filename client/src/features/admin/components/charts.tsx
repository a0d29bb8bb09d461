/**
 * Small SVG charts for the Analytics page: no chart library (the admin chunk stays light). Each chart
 * has a title, an accessible summary, axis labels and a value on hover (title elements).
 */
import { Box, Text } from '@chakra-ui/react';

export interface ChartPoint {
  label: string;
  /** null: nothing to show for this period (a gap, not a zero). */
  value: number | null;
}

const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 28, left: 52 };

/** 0, then a round step (1, 2 or 5 × 10^n) so that about 4 grid lines cover `max`. */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 5, 10].find((factor) => factor * magnitude >= rough) ?? 10) * magnitude;
  const ticks: number[] = [];
  for (let tick = 0; tick <= max + step * 0.001; tick += step) ticks.push(Math.round(tick * 100) / 100);
  if (ticks[ticks.length - 1]! < max) ticks.push(ticks[ticks.length - 1]! + step);
  return ticks;
}

/** 1234567 → "1.2M", 4500 → "4.5K". */
export function compactNumber(value: number): string {
  return new Intl.NumberFormat('en-KE', { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

function Frame({ title, summary, width, children }: { title: string; summary: string; width: number; children: React.ReactNode }) {
  return (
    <Box>
      <Text fontWeight="semibold" fontSize="sm" mb="2">
        {title}
      </Text>
      <Box as="figure" m="0" color="fg.muted">
        <svg viewBox={`0 0 ${width} ${HEIGHT}`} width="100%" role="img" aria-label={`${title}: ${summary}`} style={{ display: 'block' }}>
          {children}
        </svg>
      </Box>
    </Box>
  );
}

function Axes({ ticks, points, scaleY, width }: { ticks: number[]; points: ChartPoint[]; scaleY: (v: number) => number; width: number }) {
  const innerWidth = width - PAD.left - PAD.right;
  const every = Math.max(1, Math.ceil(points.length / Math.floor(width / 80)));
  return (
    <g fontSize="11" fill="currentColor">
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={PAD.left} x2={width - PAD.right} y1={scaleY(tick)} y2={scaleY(tick)} stroke="currentColor" strokeOpacity="0.15" />
          <text x={PAD.left - 8} y={scaleY(tick) + 4} textAnchor="end">
            {compactNumber(tick)}
          </text>
        </g>
      ))}
      {points.map((point, index) =>
        index % every === 0 ? (
          <text key={point.label} x={PAD.left + ((index + 0.5) * innerWidth) / points.length} y={HEIGHT - 8} textAnchor="middle">
            {point.label}
          </text>
        ) : null,
      )}
    </g>
  );
}

/** The SVG's width in user units: a chart spanning two columns gets twice the room, not twice the font size. */
const widthOf = (wide?: boolean) => (wide ? 1280 : 640);
const valuesOf = (points: ChartPoint[]) => points.map((point) => point.value).filter((value): value is number => value !== null);

export function BarChart({
  title,
  points,
  color = 'var(--chakra-colors-teal-500)',
  format = compactNumber,
  wide,
}: {
  title: string;
  points: ChartPoint[];
  color?: string;
  format?: (value: number) => string;
  wide?: boolean;
}) {
  const WIDTH = widthOf(wide);
  const max = Math.max(0, ...valuesOf(points));
  const ticks = niceTicks(max);
  const top = ticks[ticks.length - 1]!;
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const scaleY = (value: number) => PAD.top + innerHeight - (top === 0 ? 0 : (value / top) * innerHeight);
  const band = innerWidth / Math.max(1, points.length);
  const total = valuesOf(points).reduce((sum, value) => sum + value, 0);
  return (
    <Frame title={title} summary={`${points.length} periods, total ${format(total)}, highest ${format(max)}`} width={WIDTH}>
      <Axes ticks={ticks} points={points} scaleY={scaleY} width={WIDTH} />
      {points.map((point, index) =>
        point.value === null ? null : (
          <rect
            key={point.label}
            x={PAD.left + index * band + band * 0.15}
            width={Math.max(1, band * 0.7)}
            y={scaleY(point.value)}
            height={Math.max(0, PAD.top + innerHeight - scaleY(point.value))}
            fill={color}
            rx="2"
          >
            <title>{`${point.label}: ${format(point.value)}`}</title>
          </rect>
        ),
      )}
    </Frame>
  );
}

export function LineChart({
  title,
  points,
  color = 'var(--chakra-colors-blue-500)',
  format = compactNumber,
  maxValue,
  wide,
}: {
  title: string;
  points: ChartPoint[];
  color?: string;
  format?: (value: number) => string;
  /** Fixed top of the scale (e.g. 100 for a percentage). */
  maxValue?: number;
  wide?: boolean;
}) {
  const WIDTH = widthOf(wide);
  const max = maxValue ?? Math.max(0, ...valuesOf(points));
  const ticks = niceTicks(max);
  const top = ticks[ticks.length - 1]!;
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const scaleY = (value: number) => PAD.top + innerHeight - (top === 0 ? 0 : (value / top) * innerHeight);
  const x = (index: number) => PAD.left + ((index + 0.5) * innerWidth) / Math.max(1, points.length);
  // A gap (null) ends the line; the next value starts a new segment.
  let path = '';
  let isDrawing = false;
  points.forEach((point, index) => {
    if (point.value === null) {
      isDrawing = false;
      return;
    }
    path += `${isDrawing ? 'L' : 'M'}${x(index).toFixed(1)},${scaleY(point.value).toFixed(1)} `;
    isDrawing = true;
  });
  const shown = valuesOf(points);
  return (
    <Frame
      title={title}
      summary={shown.length === 0 ? 'no data' : `${points.length} periods, highest ${format(Math.max(...shown))}`}
      width={WIDTH}
    >
      <Axes ticks={ticks} points={points} scaleY={scaleY} width={WIDTH} />
      <path d={path} fill="none" stroke={color} strokeWidth="2.5" strokeLinejoin="round" />
      {points.map((point, index) =>
        point.value === null ? null : (
          <circle key={point.label} cx={x(index)} cy={scaleY(point.value)} r="3.5" fill={color}>
            <title>{`${point.label}: ${format(point.value)}`}</title>
          </circle>
        ),
      )}
    </Frame>
  );
}
