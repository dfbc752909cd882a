/** Noise learned by asking twice, and the comparison of two answers it excuses. */
export { compareAnswers, differences, type CompareOptions, type Difference } from './compare';
export { describeNoise, emptyNoise, learnNoise, mergeNoise, recordedNoise, type Noise } from './learn';
export { combinedValue, comparedField, cookieAspect, sameField, type CookieAspect } from './fields';
