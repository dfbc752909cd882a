/** The test record: what the writers (replay, flows, differential) attach and the readers (report, accept) read. */
export type {
  AnswerFacts,
  BrowserFlowRecord,
  CertificateFacts,
  H3Command,
  LegRecord,
  Protocol,
  ReplayFinding,
  RedirectHop,
  ReplayRecord,
  ResponseRecord,
  StepRecord,
  TestRecord,
} from './types';
export type { Untrusted } from './untrusted';
export { RECORD_VERSION } from './version';
export { newBrowserFlowRecord, newReplayRecord, newStepRecord } from './new';
export { ROLE_ANNOTATION, roleAnnotation } from './annotations';
