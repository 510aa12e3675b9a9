import type { SeriesPolicy, SeriesTiebreak } from "../../domain/series";

/** Which events a series ranks: a fixed list, or every event of the tree with a tag in a date range. */
export type SeriesSelection =
  | { kind: "events"; eventIds: string[] }
  | { kind: "tag"; tag: string; from: string | null; to: string | null };

/** The policy as the API shows it (the domain's readonly shape, as plain JSON). */
export interface SeriesPolicyDto extends SeriesPolicy {
  positionPoints: number[];
  qualificationBands: { from: number; to: number; points: number }[];
  tiebreaks: SeriesTiebreak[];
  cut: { top: number; label: string | null } | null;
}

export type SeriesPolicyInput = Partial<SeriesPolicyDto>;

export interface CreateSeriesInput {
  name: string;
  selection: SeriesSelection;
  policy?: SeriesPolicyInput;
}

export interface UpdateSeriesInput {
  name?: string;
  selection?: SeriesSelection;
  /** Merged field by field into the current policy. */
  policy?: SeriesPolicyInput;
}

export interface SeriesDto {
  id: string;
  orgId: string;
  name: string;
  selection: SeriesSelection;
  policy: SeriesPolicyDto;
  lotSeed: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}
