/*
 * Short error bodies in the style of IIS's detailed-errors-off pages. Each is text/html.
 */

function page(title: string, heading: string, detail: string): string {
  return (
    '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">\r\n' +
    '<html xmlns="http://www.w3.org/1999/xhtml">\r\n' +
    `<head>\r\n<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"/>\r\n<title>${title}</title>\r\n</head>\r\n` +
    `<body>\r\n<div id="header"><h1>Server Error</h1></div>\r\n<div id="content">\r\n<fieldset><h2>${heading}</h2>\r\n<h3>${detail}</h3>\r\n</fieldset></div>\r\n</body>\r\n</html>\r\n`
  );
}

export const NOT_FOUND_PAGE = page(
  '404 - File or directory not found.',
  '404 - File or directory not found.',
  'The resource you are looking for might have been removed, had its name changed, or is temporarily unavailable.',
);

export const METHOD_NOT_ALLOWED_PAGE = page(
  '405 - HTTP verb used to access this page is not allowed.',
  '405 - HTTP verb used to access this page is not allowed.',
  'The page you are looking for cannot be displayed because an invalid method (HTTP verb) was used to attempt access.',
);

/** HTTP.sys answers an undecodable URL itself, with this body. */
export const BAD_REQUEST_PAGE =
  '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN""http://www.w3.org/TR/html4/strict.dtd">\r\n' +
  '<HTML><HEAD><TITLE>Bad Request</TITLE>\r\n' +
  '<META HTTP-EQUIV="Content-Type" Content="text/html; charset=us-ascii"></HEAD>\r\n' +
  '<BODY><h2>Bad Request - Invalid URL</h2>\r\n<hr><p>HTTP Error 400. The request URL is invalid.</p>\r\n</BODY></HTML>\r\n';

export const SERVER_ERROR_PAGE = page(
  '500 - Internal server error.',
  '500 - Internal server error.',
  'There is a problem with the resource you are looking for, and it cannot be displayed.',
);
