// The public face of this group: other folders import only from here.

export {
  createExclusion,
  liftExclusion,
  listExclusions,
} from "./exclusions";
