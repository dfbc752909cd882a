/**
 * Test data of error-codes.test.ts: one row per error class of the harness (and per code, where a
 * class has several), each built from an example input, with its exact code and message.
 */
import { InternalError, SettingsError } from '../core/errors';
import { SourceUnreadableError } from '../discover/errors';
import { RecordUsageError, UnknownFlowError } from '../flows/browser/errors';
import { MergedRunFailedError } from '../report/errors';
import { ConnectTimeoutError } from '../target-map/connect';
import { ForbiddenAddressError } from '../target-map/address-guard';
import { describeCause, TransportCause } from '../transport/cause';
import { failOnFromEnv } from '../core/fail-on';
import { AcceptIdsError, AcceptInvalidProposalError, AcceptModeError, AcceptResultsError, AcceptSpecsError, AcceptUsageError } from '../accept/errors';
import { BrowserMissingError, missingBrowserMessage } from '../browser/launch';
import { BrowserTrustError } from '../browser/nss-home';
import { TemplateError } from '../discover/template';
import { EmbeddedReferenceError } from '../embedded/start-reference';
import { FlowAbort } from '../flows/browser/errors';
import { OcspParseError } from '../flows/raw/ocsp-der';
import { HarInvalidError, HarReadError, UsageError } from '../har/errors';
import { RefusedAddressError, StepSkip } from '../replay/request';
import { UnreachableTargetError } from '../replay/reachability';
import { LimitConfigError, ReportOptionsError } from '../settings/errors';
import { parseBrowserTimeouts, parseLimits, parseReportSettings } from '../settings/harness';
import { MatcherSpecError } from '../spec-model/matchers';
import { MissingValueError } from '../spec-model/placeholders';
import { SpecLoadError } from '../spec-model/load';
import { TargetConfigError, UnmappedPlaceholderError } from '../target-map/errors';
import { parseProxyUrl } from '../target-map/proxy';
import { ProxyError } from '../target-map/tunnel';
import { TransportError } from '../transport/send';
import { H3RequestError } from '../transport/h3-client';
import { KnownDeviationsError } from '../known/errors';
import { RecordSchemaError } from '../record/check';

/** An error class (ProxyError's constructor is private: it is built by its static methods). */
type ErrorClass = { readonly name: string; readonly prototype: Error };

export interface Row {
  error: ErrorClass;
  code: string;
  make: () => unknown;
  message: string;
}

/** The error a function throws (the row fails when it throws none). */
function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('expected an error, none was thrown');
}

const PROXY = parseProxyUrl('http://user:secret@proxy.corp:3128', 'HTTPS_PROXY');

export const ROWS: Row[] = [
  {
    error: SettingsError,
    code: 'HARNESS_ERR_SETTINGS',
    make: () => thrown(() => failOnFromEnv({ HARNESS_FAIL_ON: 'everything' })),
    message: 'HARNESS_FAIL_ON: "everything" is not one of fail, warn, diff, info (the verdict at and above which the run fails)',
  },
  {
    error: LimitConfigError,
    code: 'HARNESS_ERR_LIMITS',
    make: () => thrown(() => parseLimits({ HARNESS_REQUEST_TIMEOUT_MS: '10s' })),
    message: 'HARNESS_REQUEST_TIMEOUT_MS="10s": expected a positive whole number (default 30000)',
  },
  {
    error: LimitConfigError,
    code: 'HARNESS_ERR_LIMITS',
    make: () => thrown(() => parseBrowserTimeouts({ HARNESS_BROWSER_TIMEOUT_MS: 'soon' })),
    message: 'HARNESS_BROWSER_TIMEOUT_MS="soon" must be a number of milliseconds >= 500',
  },
  {
    error: ReportOptionsError,
    code: 'HARNESS_ERR_REPORT_OPTIONS',
    make: () => thrown(() => parseReportSettings({ HARNESS_REPORT_RAW_SECRETS: 'yes' })),
    message: 'conformance reporter: HARNESS_REPORT_RAW_SECRETS must be 1 (show raw secret values) or 0, got "yes"',
  },
  {
    error: KnownDeviationsError,
    code: 'HARNESS_ERR_KNOWN',
    make: () => new KnownDeviationsError('specs/known-deviations.json', [`entry 2 ("site/home header vary"): must have required property 'ticket'`]),
    message: `specs/known-deviations.json: entry 2 ("site/home header vary"): must have required property 'ticket'`,
  },
  {
    error: RecordSchemaError,
    code: 'HARNESS_ERR_RECORD',
    make: () => new RecordSchemaError('site/home', ["/legs/0 must have required property 'steps'"]),
    message: "the record of site/home does not fit its schema: /legs/0 must have required property 'steps'",
  },
  {
    error: TargetConfigError,
    code: 'HARNESS_ERR_TARGET_CONFIG',
    make: () => new TargetConfigError('TARGETS_FILE', 'www.example.org', 'has no scheme', '/roles/site'),
    message: 'TARGETS_FILE (/roles/site): "www.example.org" has no scheme',
  },
  {
    error: UnmappedPlaceholderError,
    code: 'HARNESS_ERR_TARGET_UNMAPPED',
    make: () => new UnmappedPlaceholderError('{shop_url}', 'shop'),
    message: 'placeholder {shop_url} needs the shop role, which the target does not map',
  },
  {
    error: ProxyError,
    code: 'HARNESS_ERR_PROXY',
    make: () => ProxyError.refused(PROXY, 'www.example.org:443', 407),
    message: 'proxy http://proxy.corp:3128 (HTTPS_PROXY) refused CONNECT www.example.org:443: 407 Proxy Authentication Required',
  },
  {
    error: MissingValueError,
    code: 'HARNESS_ERR_MISSING_VALUE',
    make: () => new MissingValueError('PRODUCT_HANDLE'),
    message: 'needs the target value PRODUCT_HANDLE: set TARGET_VALUE_PRODUCT_HANDLE (or "values": {"PRODUCT_HANDLE": ...} in TARGETS_FILE)',
  },
  {
    error: MatcherSpecError,
    code: 'HARNESS_ERR_MATCHER',
    make: () => new MatcherSpecError('unknown shape "hex65"'),
    message: 'unknown shape "hex65"',
  },
  {
    error: SpecLoadError,
    code: 'HARNESS_ERR_SPEC_LOAD',
    make: () => new SpecLoadError([{ file: 'specs/site.json', pointer: '/exchanges/1/id', reason: 'duplicate id site/home', kind: 'duplicate-id' }]),
    message: '1 problem in spec files:\n  specs/site.json#/exchanges/1/id: duplicate id site/home',
  },
  {
    error: UnreachableTargetError,
    code: 'HARNESS_ERR_UNREACHABLE',
    make: () =>
      new UnreachableTargetError([
        {
          role: 'site',
          url: 'https://www.example.org',
          kind: 'refused',
          message: 'https://www.example.org: connection refused at www.example.org:443 (TARGET_URL); check TARGET_URL and that the target is up',
        },
      ]),
    message:
      'no role of the target answered, so nothing can be judged:\n  site: https://www.example.org: connection refused at www.example.org:443 (TARGET_URL); check TARGET_URL and that the target is up',
  },
  {
    error: TemplateError,
    code: 'HARNESS_ERR_TEMPLATE',
    make: () => new TemplateError('/{section}/css/{name.css', 'has an unclosed "{"'),
    message: 'template "/{section}/css/{name.css": has an unclosed "{"',
  },
  {
    error: TransportError,
    code: 'HARNESS_ERR_TRANSPORT',
    make: () =>
      new TransportError('https://www.example.org/', describeCause(Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:443'), { code: 'ECONNREFUSED' }))),
    message: 'https://www.example.org/: connect ECONNREFUSED 10.0.0.5:443',
  },
  {
    error: TransportCause,
    code: 'HARNESS_ERR_CONNECTION',
    make: () => describeCause(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' })),
    message: 'other side closed (UND_ERR_SOCKET)',
  },
  {
    error: TransportCause,
    code: 'HARNESS_ERR_REQUEST_TIMEOUT',
    make: () => new TransportCause('HARNESS_ERR_REQUEST_TIMEOUT', 'no complete response within 30000 ms (no response head)'),
    message: 'no complete response within 30000 ms (no response head)',
  },
  {
    error: TransportCause,
    code: 'HARNESS_ERR_STREAM_CLOSED',
    make: () => new TransportCause('HARNESS_ERR_STREAM_CLOSED', 'stream closed without a response (code 2)'),
    message: 'stream closed without a response (code 2)',
  },
  {
    error: TransportCause,
    code: 'HARNESS_ERR_NO_H2',
    make: () => new TransportCause('HARNESS_ERR_NO_H2', 'h2 not offered (ALPN chose http/1.1)'),
    message: 'h2 not offered (ALPN chose http/1.1)',
  },
  {
    error: TransportCause,
    code: 'HARNESS_ERR_NO_CERTIFICATE',
    make: () => new TransportCause('HARNESS_ERR_NO_CERTIFICATE', 'www.example.org presented no certificate'),
    message: 'www.example.org presented no certificate',
  },
  {
    error: ConnectTimeoutError,
    code: 'HARNESS_ERR_CONNECT_TIMEOUT',
    make: () => new ConnectTimeoutError(60000),
    message: 'connect and TLS handshake not done within 60000 ms',
  },
  {
    error: ForbiddenAddressError,
    code: 'HARNESS_ERR_FORBIDDEN_ADDRESS',
    make: () => new ForbiddenAddressError('ocsp.staging.example', '169.254.169.254', 'is a link-local address (169.254.169.254), never asked'),
    message: 'ocsp.staging.example resolves to a link-local address (169.254.169.254), never asked',
  },
  {
    error: InternalError,
    code: 'HARNESS_ERR_INTERNAL',
    make: () => new InternalError('noise is learned over one protocol, not between h1 and h2'),
    message: 'noise is learned over one protocol, not between h1 and h2',
  },
  {
    error: MergedRunFailedError,
    code: 'HARNESS_ERR_RUN_FAILED',
    make: () => new MergedRunFailedError('fail'),
    message: 'conformance: the merged results hold a verdict at or above fail (HARNESS_FAIL_ON)',
  },
  {
    error: UnknownFlowError,
    code: 'HARNESS_ERR_UNKNOWN_FLOW',
    make: () => new UnknownFlowError(['site/browser/nope'], ['site/browser/home', 'shop/browser/product']),
    message: 'no browser flow "site/browser/nope" (known: site/browser/home, shop/browser/product)',
  },
  {
    error: RecordUsageError,
    code: 'HARNESS_ERR_RECORD_USAGE',
    make: () => new RecordUsageError('--out needs a value'),
    message: '--out needs a value',
  },
  {
    error: SourceUnreadableError,
    code: 'HARNESS_ERR_SOURCE_UNREADABLE',
    make: () => new SourceUnreadableError('the browser did not load it'),
    message: 'the browser did not load it',
  },
  {
    error: H3RequestError,
    code: 'HARNESS_ERR_H3',
    make: () => new H3RequestError('https://www.example.org/', 'net::ERR_QUIC_HANDSHAKE_FAILED'),
    message: 'https://www.example.org/: no answer over HTTP/3: net::ERR_QUIC_HANDSHAKE_FAILED',
  },
  {
    error: StepSkip,
    code: 'HARNESS_ERR_STEP_SKIPPED',
    make: () => new StepSkip('flow variable {{token}} was not captured by an earlier step'),
    message: 'flow variable {{token}} was not captured by an earlier step',
  },
  {
    error: RefusedAddressError,
    code: 'HARNESS_ERR_REFUSED_ADDRESS',
    make: () => new RefusedAddressError('https://tracker.example/x', 'is not the origin of a mapped role (https://tracker.example)'),
    message: 'https://tracker.example/x is not the origin of a mapped role (https://tracker.example): not fetched',
  },
  {
    error: FlowAbort,
    code: 'HARNESS_ERR_FLOW_ABORTED',
    make: () => new FlowAbort('no save button'),
    message: 'no save button',
  },
  {
    error: OcspParseError,
    code: 'HARNESS_ERR_OCSP_PARSE',
    make: () => new OcspParseError('BasicOCSPResponse without a SingleResponse'),
    message: 'BasicOCSPResponse without a SingleResponse',
  },
  {
    error: EmbeddedReferenceError,
    code: 'HARNESS_ERR_EMBEDDED_REFERENCE',
    make: () => new EmbeddedReferenceError('the embedded reference did not start: it exited with code 1'),
    message: 'the embedded reference did not start: it exited with code 1',
  },
  {
    error: BrowserMissingError,
    code: 'HARNESS_ERR_NO_BROWSER',
    make: () => new BrowserMissingError(missingBrowserMessage('no Chromium found')),
    message:
      'no Chromium found. The browser flows need Chromium: set CHROMIUM_PATH=/path/to/chromium, ' +
      "or install the system's (Debian: apt-get install -y chromium libnss3-tools; npm run setup does this), " +
      "or Playwright's own (npx playwright install chromium).",
  },
  {
    error: BrowserTrustError,
    code: 'HARNESS_ERR_BROWSER_TRUST',
    make: () => new BrowserTrustError('cannot build the browser trust store in /tmp/home: certutil is not installed (Debian: apt-get install libnss3-tools)'),
    message: 'cannot build the browser trust store in /tmp/home: certutil is not installed (Debian: apt-get install libnss3-tools)',
  },
  {
    error: AcceptUsageError,
    code: 'HARNESS_ERR_ACCEPT_USAGE',
    make: () => new AcceptUsageError('--from needs a value'),
    message: '--from needs a value',
  },
  {
    error: AcceptModeError,
    code: 'HARNESS_ERR_ACCEPT_MODE',
    make: () => new AcceptModeError('some'),
    message: '--mode "some" is not one of missing, changed, all',
  },
  {
    error: AcceptResultsError,
    code: 'HARNESS_ERR_ACCEPT_RESULTS_NOT_FOUND',
    make: () => new AcceptResultsError('HARNESS_ERR_ACCEPT_RESULTS_NOT_FOUND', 'reports/conformance/results.json', 'no such file'),
    message: 'reports/conformance/results.json: no such file',
  },
  {
    error: AcceptResultsError,
    code: 'HARNESS_ERR_ACCEPT_RESULTS_NOT_JSON',
    make: () => new AcceptResultsError('HARNESS_ERR_ACCEPT_RESULTS_NOT_JSON', 'results.json', 'not JSON (Unexpected end of JSON input)'),
    message: 'results.json: not JSON (Unexpected end of JSON input)',
  },
  {
    error: AcceptResultsError,
    code: 'HARNESS_ERR_ACCEPT_NOT_RESULTS',
    make: () => new AcceptResultsError('HARNESS_ERR_ACCEPT_NOT_RESULTS', 'results.json', 'not a conformance results.json: it has no "tests" list'),
    message: 'results.json: not a conformance results.json: it has no "tests" list',
  },
  {
    error: AcceptIdsError,
    code: 'HARNESS_ERR_ACCEPT_IDS',
    make: () => new AcceptIdsError(['site/nope*'], ['site/home', 'site/css']),
    message: '--ids "site/nope*" matches no replayed exchange or flow of the results (they are: site/home, site/css)',
  },
  {
    error: AcceptSpecsError,
    code: 'HARNESS_ERR_ACCEPT_SPECS',
    make: () => new AcceptSpecsError('specs', 'no such folder'),
    message: 'specs: no such folder',
  },
  {
    error: AcceptInvalidProposalError,
    code: 'HARNESS_ERR_ACCEPT_INVALID',
    make: () => new AcceptInvalidProposalError(['specs/site.json#/exchanges/0/expect/status: must be integer']),
    message: 'the proposed spec files would not load, nothing written (1 problem):\n  specs/site.json#/exchanges/0/expect/status: must be integer',
  },
  {
    error: UsageError,
    code: 'HARNESS_ERR_HAR_USAGE',
    make: () => new UsageError('no HAR file given'),
    message: 'no HAR file given',
  },
  {
    error: HarReadError,
    code: 'HARNESS_ERR_HAR_READ',
    make: () => new HarReadError('capture.har', 'the file is empty (no JSON document)'),
    message: 'capture.har: the file is empty (no JSON document)',
  },
  {
    error: HarInvalidError,
    code: 'HARNESS_ERR_HAR_INVALID',
    make: () => new HarInvalidError([{ file: 'capture.har', path: 'log.entries[0].request', message: "must have required property 'url'" }]),
    message: "capture.har: log.entries[0].request: must have required property 'url'",
  },
];
