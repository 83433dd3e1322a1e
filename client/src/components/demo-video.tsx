import { cn } from '../lib/cn.ts';

const videoUrl = import.meta.env.VITE_DEMO_VIDEO_URL;

/**
 * The demo video slot. With VITE_DEMO_VIDEO_URL set at build time it embeds that video; without
 * it, an animated diagram of the path an alert takes, so the slot never shows a dead player.
 */
export function DemoVideo({ title, className }: { title: string; className?: string }) {
  return (
    <figure
      className={cn('overflow-hidden rounded-2xl border border-line bg-night shadow-lg', className)}
    >
      <div className="aspect-video">
        {videoUrl ? (
          <iframe
            src={videoUrl}
            title={title}
            className="size-full"
            loading="lazy"
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <FlowDiagram title={title} />
        )}
      </div>
    </figure>
  );
}

function Node({ x, label, sub }: { x: number; label: string; sub: string }) {
  return (
    <g transform={`translate(${x} 130)`}>
      <rect x="-70" y="-38" width="140" height="76" rx="14" fill="#1e293b" stroke="#334155" />
      <text y="-4" textAnchor="middle" fill="#f8fafc" fontSize="16" fontWeight="600">
        {label}
      </text>
      <text y="18" textAnchor="middle" fill="#94a3b8" fontSize="12">
        {sub}
      </text>
    </g>
  );
}

function FlowDiagram({ title }: { title: string }) {
  const path = 'M170 130 H430';
  const path2 = 'M570 130 H830';
  return (
    <svg viewBox="0 0 1000 300" className="size-full" role="img" aria-label={title}>
      <title>{title}</title>
      <rect width="1000" height="300" fill="#0b1220" />
      <path d={path} stroke="#4f46e5" strokeWidth="3" strokeDasharray="6 8" />
      <path d={path2} stroke="#4f46e5" strokeWidth="3" strokeDasharray="6 8" />
      <Node x={100} label="TradingView" sub="alert fires" />
      <Node x={500} label="SignalRelay" sub="stores · relays" />
      <Node x={900} label="MetaTrader" sub="EA executes" />
      <text x="300" y="110" textAnchor="middle" fill="#a5b4fc" fontSize="13">
        webhook JSON
      </text>
      <text x="700" y="110" textAnchor="middle" fill="#a5b4fc" fontSize="13">
        WebSocket push
      </text>
      <circle r="7" fill="#818cf8">
        <animateMotion dur="2.4s" repeatCount="indefinite" path={path} />
      </circle>
      <circle r="7" fill="#818cf8">
        <animateMotion dur="2.4s" begin="1.2s" repeatCount="indefinite" path={path2} />
      </circle>
      <text x="500" y="240" textAnchor="middle" fill="#cbd5e1" fontSize="15">
        {'{ "symbol": "EURUSD", "position": "buy", "lot": 0.1 }'}
      </text>
      <text x="500" y="266" textAnchor="middle" fill="#64748b" fontSize="12">
        result and timings come back to your signal history
      </text>
    </svg>
  );
}
