// The public face of this group: other folders import only from here.

export {
  createExclusion,
  type ExclusionEffectsDto,
  liftExclusion,
  listExclusions,
} from "./exclusions";
