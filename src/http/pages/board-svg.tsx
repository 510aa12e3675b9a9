import type { getBoard } from "../../services/rounds";
import type { PageContext } from "./page-context";

export type Hex = Awaited<ReturnType<typeof getBoard>>["hexes"][number];

const FILL: Record<string, string> = {
  forest: "#2f6b2f",
  fields: "#e2b73c",
  pasture: "#8fcf5a",
  hills: "#b5562b",
  mountains: "#8a8f98",
  desert: "#e8d6a8",
};

/** The round's board (rule 2.0.1) as an inline SVG: every table of the round sets up this one. */
export function BoardSvg({ p, hexes }: { p: PageContext; hexes: readonly Hex[] }) {
  const size = 10;
  const w = Math.sqrt(3) * size;
  const corner = (cx: number, cy: number) =>
    Array.from({ length: 6 }, (_, i) => {
      const a = (Math.PI / 180) * (60 * i - 30);
      return `${(cx + size * Math.cos(a)).toFixed(1)},${(cy + size * Math.sin(a)).toFixed(1)}`;
    }).join(" ");
  return (
    <svg viewBox="-50 -45 100 90" role="img" aria-label={p.t.board}>
      {hexes.map((h) => {
        const cx = w * (h.q + h.r / 2);
        const cy = 1.5 * size * h.r;
        const red = h.number === 6 || h.number === 8;
        return (
          <g>
            <polygon
              points={corner(cx, cy)}
              fill={FILL[h.terrain] ?? "#ccc"}
              stroke="#fff"
              stroke-width="0.8"
            />
            {h.number === null ? null : (
              <>
                <circle cx={cx.toFixed(1)} cy={cy.toFixed(1)} r="4.2" fill="#fdf6e3" />
                <text
                  x={cx.toFixed(1)}
                  y={(cy + 1.9).toFixed(1)}
                  text-anchor="middle"
                  font-size="5.2"
                  font-weight="700"
                  fill={red ? "#b00020" : "#111"}
                >
                  {h.number}
                </text>
              </>
            )}
          </g>
        );
      })}
    </svg>
  );
}
