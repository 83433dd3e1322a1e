import type { ReactNode } from 'react';

/*
 * Drawn illustrations of TradingView's alert dialog (not screenshots of TradingView itself):
 * simplified to the controls each step talks about, with the relevant one highlighted.
 */

const ink = '#0f172a';
const muted = '#64748b';
const line = '#e2e8f0';
const accent = '#4f46e5';
const panel = '#ffffff';

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <svg viewBox="0 0 800 500" role="img" aria-label={title} className="h-auto w-full">
      <title>{title}</title>
      <rect width="800" height="500" fill="#f1f5f9" />
      {children}
    </svg>
  );
}

function Highlight({ x, y, w, h }: { x: number; y: number; w: number; h: number }) {
  return (
    <rect
      x={x - 6}
      y={y - 6}
      width={w + 12}
      height={h + 12}
      rx="10"
      fill="none"
      stroke={accent}
      strokeWidth="3"
      strokeDasharray="8 5"
    />
  );
}

function Dialog({
  tab,
  children,
}: {
  tab: 'Settings' | 'Message' | 'Notifications';
  children: ReactNode;
}) {
  const tabs = ['Settings', 'Message', 'Notifications'] as const;
  return (
    <g>
      <rect x="150" y="40" width="500" height="420" rx="12" fill={panel} stroke={line} />
      <text x="176" y="80" fontSize="20" fontWeight="600" fill={ink}>
        Create alert on EURUSD
      </text>
      <text x="620" y="80" fontSize="20" fill={muted} textAnchor="end">
        ×
      </text>
      {tabs.map((t, i) => (
        <g key={t}>
          <text
            x={176 + i * 120}
            y="118"
            fontSize="15"
            fontWeight={t === tab ? '600' : '400'}
            fill={t === tab ? ink : muted}
          >
            {t}
          </text>
          {t === tab && (
            <rect x={176 + i * 120} y="126" width={t.length * 8.5} height="3" fill={ink} />
          )}
        </g>
      ))}
      <line x1="150" y1="130" x2="650" y2="130" stroke={line} />
      {children}
      <rect x="530" y="408" width="100" height="36" rx="8" fill={ink} />
      <text x="580" y="431" fontSize="15" fill="#fff" textAnchor="middle">
        Create
      </text>
      <rect x="420" y="408" width="96" height="36" rx="8" fill={panel} stroke={line} />
      <text x="468" y="431" fontSize="15" fill={ink} textAnchor="middle">
        Cancel
      </text>
    </g>
  );
}

function Field({ y, label, value }: { y: number; label: string; value: string }) {
  return (
    <g>
      <text x="176" y={y} fontSize="13" fill={muted}>
        {label}
      </text>
      <rect x="176" y={y + 8} width="448" height="36" rx="6" fill={panel} stroke="#cbd5e1" />
      <text x="188" y={y + 31} fontSize="14" fill={ink}>
        {value}
      </text>
    </g>
  );
}

export function ChartToolbarScreen() {
  // x, open, close, high, low (SVG y grows downwards)
  const candles: [number, number, number, number, number][] = [
    [80, 300, 340, 280, 360],
    [110, 320, 300, 290, 330],
    [140, 300, 260, 250, 310],
    [170, 260, 270, 240, 290],
    [200, 270, 230, 220, 280],
    [230, 230, 210, 190, 240],
    [260, 210, 240, 200, 250],
    [290, 240, 200, 190, 250],
    [320, 200, 180, 170, 215],
    [350, 180, 200, 170, 205],
    [380, 200, 160, 150, 210],
    [410, 160, 150, 130, 170],
  ];
  return (
    <Frame title="The TradingView chart toolbar with the Alert button highlighted">
      <rect x="20" y="20" width="760" height="460" rx="12" fill={panel} stroke={line} />
      <rect x="20" y="20" width="760" height="50" rx="12" fill="#f8fafc" stroke={line} />
      <text x="44" y="51" fontSize="16" fontWeight="600" fill={ink}>
        EURUSD · 1h
      </text>
      <text x="180" y="51" fontSize="14" fill={muted}>
        Indicators
      </text>
      <g>
        <rect x="280" y="31" width="84" height="28" rx="6" fill="#eef2ff" />
        <circle cx="300" cy="45" r="8" fill="none" stroke={accent} strokeWidth="2" />
        <path d="M300 40v5l3 2" stroke={accent} strokeWidth="2" fill="none" />
        <text x="316" y="50" fontSize="14" fontWeight="600" fill={accent}>
          Alert
        </text>
      </g>
      <Highlight x={280} y={31} w={84} h={28} />
      <text x="380" y="51" fontSize="14" fill={muted}>
        Replay
      </text>
      {candles.map(([x, open, close, high, low]) => (
        <g key={x}>
          <line x1={x + 100} x2={x + 100} y1={high} y2={low} stroke={muted} />
          <rect
            x={x + 92}
            y={Math.min(open, close)}
            width="16"
            height={Math.max(4, Math.abs(open - close))}
            fill={close < open ? '#94a3b8' : '#cbd5e1'}
          />
        </g>
      ))}
      <text x="560" y="420" fontSize="14" fill={muted}>
        Alt + A also opens the dialog
      </text>
    </Frame>
  );
}

export function SettingsScreen() {
  return (
    <Frame title="The alert's Settings tab with condition and trigger">
      <Dialog tab="Settings">
        <Field y={160} label="Condition" value="My Strategy  ·  Order fills only" />
        <Highlight x={176} y={168} w={448} h={36} />
        <Field y={232} label="Trigger" value="Once per bar close" />
        <Field y={304} label="Expiration" value="Open-ended" />
      </Dialog>
    </Frame>
  );
}

export function MessageScreen() {
  const json = [
    '{',
    '  "licenseNumber": "YOUR-LICENSE-NUMBER",',
    '  "symbol": "{{ticker}}",',
    '  "position": "{{strategy.order.action}}",',
    '  "lot": 0.1, "slpoint": 200, "tppoint": 400,',
    '  "platform": "mt5"',
    '}',
  ];
  return (
    <Frame title="The alert's Message tab with the JSON message">
      <Dialog tab="Message">
        <text x="176" y="160" fontSize="13" fill={muted}>
          Message
        </text>
        <rect x="176" y="170" width="448" height="200" rx="6" fill="#f8fafc" stroke="#cbd5e1" />
        {json.map((row, i) => (
          <text key={row} x="190" y={196 + i * 24} fontSize="14" fill={ink} fontFamily="monospace">
            {row}
          </text>
        ))}
        <Highlight x={176} y={170} w={448} h={200} />
      </Dialog>
    </Frame>
  );
}

export function NotificationsScreen({ url }: { url: string }) {
  const shown = url.length > 52 ? `${url.slice(0, 49)}…` : url;
  return (
    <Frame title="The alert's Notifications tab with Webhook URL ticked">
      <Dialog tab="Notifications">
        {['Notify in app', 'Show toast notification', 'Send email'].map((label, i) => (
          <g key={label}>
            <rect
              x="176"
              y={158 + i * 36}
              width="18"
              height="18"
              rx="4"
              fill={panel}
              stroke="#94a3b8"
            />
            <text x="206" y={172 + i * 36} fontSize="14" fill={ink}>
              {label}
            </text>
          </g>
        ))}
        <rect x="176" y="266" width="18" height="18" rx="4" fill={accent} />
        <path d="M180 275l4 4 7-8" stroke="#fff" strokeWidth="2.5" fill="none" />
        <text x="206" y="280" fontSize="14" fontWeight="600" fill={ink}>
          Webhook URL
        </text>
        <rect x="176" y="296" width="448" height="36" rx="6" fill={panel} stroke="#cbd5e1" />
        <text x="188" y="319" fontSize="13" fill={ink} fontFamily="monospace">
          {shown}
        </text>
        <Highlight x={176} y={262} w={448} h={70} />
      </Dialog>
    </Frame>
  );
}
