/**
 * A `multipart/form-data` body already in memory (the spend form, at most a few MB), read into its
 * fields: a text field's value, a file's bytes. Enough for one form this site writes itself;
 * anything malformed is null (a 400).
 */
export type Fields = Map<string, Buffer>;

export function readMultipart(contentType: string | undefined, body: Buffer): Fields | null {
  const boundary = /boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType ?? "");
  if (!/^multipart\/form-data/i.test(contentType ?? "") || !boundary) return null;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const fields: Fields = new Map();
  let at = body.indexOf(delimiter);
  if (at < 0) return null;
  for (;;) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString() === "--") return fields;
    if (body.subarray(at, at + 2).toString() !== "\r\n") return null;
    const headersEnd = body.indexOf("\r\n\r\n", at);
    const next = body.indexOf(Buffer.concat([Buffer.from("\r\n"), delimiter]), at);
    if (headersEnd < 0 || next < 0 || headersEnd > next) return null;
    const headers = body.subarray(at + 2, headersEnd).toString("utf8");
    const name = /content-disposition:[^\r\n]*\bname="([^"]{1,40})"/i.exec(headers)?.[1];
    if (!name || fields.has(name)) return null;
    fields.set(name, body.subarray(headersEnd + 4, next));
    at = next + 2;
  }
}
