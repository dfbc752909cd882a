/**
 * Target mapping: the user's contract (TARGET_* variables, TARGETS_FILE) turned into one
 * validated map that drives undici, Chromium and spec placeholders alike. The undici dispatcher is
 * not in this barrel (`./dispatcher`): what reads the map without sending (the Playwright config,
 * the reporter, the spec model) loads no HTTP client.
 */
export { ROLES, ROLE_PLACEHOLDERS, DEFAULT_SECTION, type Role } from './roles';
export { ROLE_VARIABLES, TARGET_SIDE, BASELINE_SIDE, roleVariable, sideNamed, variableOf, type Side, type SideName } from './side';
export { baselineRequested, baselineSettings, loadBaselineMap, ENV_BASELINE, type BaselineKind, type BaselineSettings } from './baseline';
export { TargetConfigError, UnmappedPlaceholderError } from './errors';
export type { ResolveEntry } from './resolve';
export { loadTargetMap, referenceRequested, roleUrls, skipReason, describeTargetMap, extraHeadersFor, ROLE_NOT_MAPPED, type TargetMap } from './target-map';
export { placeholders, resolvePlaceholders } from './placeholders';
export { browserLaunchData, type BrowserLaunchData } from './browser';
export { ConnectTimeoutError, connectTarget, openTls, tlsConnectOptions, type ConnectTarget, type TlsInspection } from './connect';
export { describeProxy, proxyFor, proxyFromEnv, type NoProxyRule, type ProxyEndpoint, type ProxySettings } from './proxy';
export { ProxyError } from './tunnel';
export { KNOWN_VALUES, VALUE_VARIABLE_PREFIX, variableOfValue, type TargetValue } from './values';
export { carriedExtras, ENV_HEADERS, withExtraHeaders, withoutExtraHeaders, type CarriedExtras, type ExtraHeaders } from './headers';
export { alternativeHosts, forbiddenHost, httpUrl, mappedV4, refusedAddress, refusedAlternative, roleOfOrigin } from './gate';
export { trustedRoots } from './roots';
