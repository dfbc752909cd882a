/** Noise learned by asking twice, and the comparison of two answers it excuses. */
export { compareAnswers, type CompareOptions } from './compare';
export { describeNoise, emptyNoise, learnNoise, mergeNoise, type Noise } from './learn';
export { combinedValue, comparedField, sameField } from './fields';
