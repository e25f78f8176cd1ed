export { SegmentedChoice } from './segmented-choice';
export type { SegmentedChoiceProps } from './segmented-choice';
