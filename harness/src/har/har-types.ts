/** The parts of a HAR 1.2 document that har2spec reads (http://www.softwareishard.com/blog/har-12-spec/). */

export interface HarNameValue {
  name: string;
  value: string;
}

export interface HarPostData {
  mimeType?: string;
  text?: string;
  params?: HarNameValue[];
  /** Not in HAR 1.2, written by some tools (mitmproxy, Charles) for binary request bodies. */
  encoding?: string;
  _encoding?: string;
}

export interface HarContent {
  size: number;
  compression?: number;
  mimeType?: string;
  text?: string;
  encoding?: string;
}

export interface HarRequest {
  method: string;
  url: string;
  httpVersion: string;
  headers: HarNameValue[];
  cookies?: HarNameValue[];
  queryString?: HarNameValue[];
  postData?: HarPostData;
  headersSize: number;
  bodySize: number;
}

export interface HarResponse {
  status: number;
  statusText: string;
  httpVersion: string;
  headers: HarNameValue[];
  cookies?: unknown[];
  content: HarContent;
  redirectURL: string;
  headersSize: number;
  bodySize: number;
  _transferSize?: number;
}

export interface HarEntry {
  pageref?: string;
  startedDateTime: string;
  time: number;
  request: HarRequest;
  response: HarResponse;
  serverIPAddress?: string;
  [custom: `_${string}`]: unknown;
}
