/** "Pips or points?": what one point and one pip are on typical quotes (ea/PROTOCOL.md). */
const rows = [
  { symbol: 'EURUSD', digits: 5, point: '0.00001', pip: '0.0001', pipPoints: 10 },
  { symbol: 'EURUSD 4-digit', digits: 4, point: '0.0001', pip: '0.0001', pipPoints: 1 },
  { symbol: 'USDJPY', digits: 3, point: '0.001', pip: '0.01', pipPoints: 10 },
  { symbol: 'XAUUSD', digits: 2, point: '0.01', pip: '0.01', pipPoints: 1 },
  { symbol: 'US30', digits: 1, point: '0.1', pip: '0.1', pipPoints: 1 },
];

const cell = 'px-3 py-2';

export function PipsTable() {
  return (
    <div className="not-prose my-4 overflow-x-auto rounded-xl border border-line">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">One point and one pip on typical quotes</caption>
        <thead className="bg-surface-muted text-left">
          <tr>
            {['Symbol', 'Digits', '1 point', '1 pip', '20 pips ='].map((h) => (
              <th
                key={h}
                scope="col"
                className={`${cell} font-semibold text-ink ${h === 'Digits' ? 'max-sm:hidden' : ''}`}
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((r) => (
            <tr key={r.symbol}>
              <th scope="row" className={`${cell} text-left font-normal text-ink`}>
                {r.symbol}
              </th>
              <td className={`${cell} max-sm:hidden`}>{r.digits}</td>
              <td className={`${cell} font-mono text-xs`}>{r.point}</td>
              <td className={`${cell} font-mono text-xs`}>{r.pip}</td>
              <td className={`${cell} whitespace-nowrap`}>{20 * r.pipPoints} points</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
